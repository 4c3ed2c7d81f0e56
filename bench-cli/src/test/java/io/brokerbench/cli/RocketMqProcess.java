package io.brokerbench.cli;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.brokerbench.rocketmq.embedded.EmbeddedRocketMq;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A RocketMQ name server and broker in a JVM of their own, so that a test can freeze it (SIGSTOP),
 * kill it as a broker host fails, or restart its broker. Run as a program it starts them, prints
 * the name server's address and serves until its standard input closes; a line {@code restart
 * MILLIS} on its input stops the broker and starts it again that long after.
 */
final class RocketMqProcess implements AutoCloseable {
  private static final String STORE = "store ";
  private static final String READY = "name server ";

  private final Process process;
  private final String nameServer;
  private final Path store;

  private RocketMqProcess(Process process, String nameServer, Path store) {
    this.process = process;
    this.nameServer = nameServer;
    this.store = store;
  }

  /** Starts the process and waits until its broker takes sends. */
  static RocketMqProcess start() throws IOException {
    List<String> command =
        List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-Xmx512m",
            "-cp",
            System.getProperty("java.class.path"),
            RocketMqProcess.class.getName());
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    BufferedReader reader =
        new BufferedReader(new InputStreamReader(process.getInputStream(), UTF_8));
    // EmbeddedRocketMq bounds its own start (30 s to become ready); the process ends if it fails.
    String line;
    Path store = null;
    StringBuilder output = new StringBuilder();
    while ((line = reader.readLine()) != null) {
      if (line.startsWith(STORE)) {
        store = Path.of(line.substring(STORE.length()).trim());
      } else if (line.startsWith(READY)) {
        drain(reader);
        return new RocketMqProcess(process, line.substring(READY.length()).trim(), store);
      }
      output.append(line).append('\n');
    }
    throw new IllegalStateException("RocketMQ did not start:\n" + output);
  }

  /** Reads the rest of the output on a daemon thread, so the process never blocks on it. */
  private static void drain(BufferedReader reader) {
    Thread thread =
        new Thread(
            () -> {
              try {
                while (reader.readLine() != null) {
                  // discarded
                }
              } catch (IOException e) {
                // the process ended
              }
            },
            "rocketmq-process-output");
    thread.setDaemon(true);
    thread.start();
  }

  /** The name server's address, {@code 127.0.0.1:PORT}. */
  String nameServer() {
    return nameServer;
  }

  /**
   * Stops the broker and starts it again on the same port and store after {@code down}; the name
   * server stays up. Returns at once: the process restarts the broker while the test goes on.
   */
  void restartBroker(Duration down) throws IOException {
    process.getOutputStream().write(("restart " + down.toMillis() + "\n").getBytes(UTF_8));
    process.getOutputStream().flush();
  }

  /** Sends the process a signal: STOP freezes it, CONT thaws it, KILL kills it. */
  void signal(String signal) throws IOException, InterruptedException {
    new ProcessBuilder("kill", "-" + signal, Long.toString(process.pid())).start().waitFor();
  }

  /**
   * Ends the process at once (SIGKILL: a graceful broker shutdown takes some ten seconds a test
   * need not wait) and deletes the broker's store.
   */
  @Override
  public void close() throws IOException {
    try {
      process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (store != null && Files.isDirectory(store)) {
      try (Stream<Path> files = Files.walk(store)) {
        for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
          Files.deleteIfExists(file);
        }
      }
    }
  }

  /**
   * Serves until standard input closes (the test ended), then stops the broker; restarts the broker
   * on each {@code restart MILLIS} line meanwhile.
   */
  public static void main(String[] args) throws IOException, InterruptedException {
    try (EmbeddedRocketMq mq = EmbeddedRocketMq.start(EmbeddedRocketMq.Settings.DEFAULTS)) {
      System.out.println(STORE + mq.storeDirectory());
      System.out.println(READY + mq.nameServerAddress());
      System.out.flush();
      BufferedReader input = new BufferedReader(new InputStreamReader(System.in, UTF_8));
      String line;
      while ((line = input.readLine()) != null) {
        if (line.startsWith("restart ")) {
          mq.restartBroker(Duration.ofMillis(Long.parseLong(line.substring(8).trim())));
          System.out.println("broker restarted");
        }
      }
    }
  }
}
