package io.brokerbench.amqp091;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.client.impl.Frame;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A socket's input as a test scripts it: each read returns at most the rest of one queued chunk, a
 * queued timeout makes the read throw {@link SocketTimeoutException}, and after the last chunk the
 * input ends.
 */
final class ChunkedInput extends InputStream {
  private final List<byte[]> chunks = new ArrayList<>();
  private int chunk;
  private int at;

  /** The bytes amqp-client writes to the wire for these frames. */
  static byte[] wire(List<Frame> frames) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    try {
      for (Frame frame : frames) {
        frame.writeTo(out);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }

  /** Checks that {@code actual} has the type, channel and payload of {@code expected}. */
  static void assertSameFrame(Frame actual, Frame expected) {
    assertThat(actual).as("a frame").isNotNull();
    assertThat(actual.type).as("frame type").isEqualTo(expected.type);
    assertThat(actual.channel).as("channel").isEqualTo(expected.channel);
    assertThat(actual.getPayload()).as("payload").isEqualTo(expected.getPayload());
  }

  /** Queues {@code bytes[from..to)} as one chunk. */
  ChunkedInput add(byte[] bytes, int from, int to) {
    chunks.add(Arrays.copyOfRange(bytes, from, to));
    return this;
  }

  /** Queues each frame's bytes as a chunk of their own. */
  ChunkedInput addFrames(List<Frame> frames) {
    for (Frame frame : frames) {
      byte[] bytes = wire(List.of(frame));
      add(bytes, 0, bytes.length);
    }
    return this;
  }

  /** Queues the frames' bytes as one chunk. */
  ChunkedInput addTogether(List<Frame> frames) {
    byte[] bytes = wire(frames);
    return add(bytes, 0, bytes.length);
  }

  /** Queues a read that times out. */
  ChunkedInput addTimeout() {
    chunks.add(null);
    return this;
  }

  /** How many chunks and timeouts reads have used up. */
  int chunksRead() {
    return chunk;
  }

  @Override
  public int read() throws IOException {
    byte[] one = new byte[1];
    return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
  }

  @Override
  public int read(byte[] target, int offset, int length) throws IOException {
    if (chunk == chunks.size()) {
      return -1;
    }
    byte[] current = chunks.get(chunk);
    if (current == null) {
      chunk++;
      throw new SocketTimeoutException("scripted timeout");
    }
    if (length == 0) {
      return 0;
    }
    int count = Math.min(length, current.length - at);
    System.arraycopy(current, at, target, offset, count);
    at += count;
    if (at == current.length) {
      chunk++;
      at = 0;
    }
    return count;
  }
}
