package io.brokerbench.coordination;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The figures a shard sent since its start, as the lines it sent them, so that a coordinator
 * restarted during the run can be given them again and its merge be as exact as the first one's.
 * Kept in a temporary file rather than in memory: an hour of intervals with their histograms is
 * tens of megabytes, the size of the run's own latency log.
 *
 * <p>Not thread-safe: the {@link ShardLink} holds its lock around every call.
 */
final class ReplayLog implements Closeable {
  private Path file;
  private BufferedWriter writer;

  /**
   * Keeps one more line.
   *
   * @throws IOException when the file cannot be made or written
   */
  void append(String line) throws IOException {
    if (writer == null) {
      file = Files.createTempFile("brokerbench-shard-", ".jsonl");
      writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
    }
    writer.write(line);
    writer.newLine();
  }

  /**
   * Sends every line kept, in order.
   *
   * @throws IOException when the wire fails or the file cannot be read
   */
  void replay(Wire wire) throws IOException {
    if (writer == null) {
      return;
    }
    writer.flush();
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        wire.sendLine(line);
      }
    }
  }

  /** Deletes the file. */
  @Override
  public void close() throws IOException {
    if (writer != null) {
      writer.close();
      Files.deleteIfExists(file);
      writer = null;
    }
  }
}
