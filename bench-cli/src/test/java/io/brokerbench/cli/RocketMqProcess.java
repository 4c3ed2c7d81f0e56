package io.brokerbench.cli;

import io.brokerbench.rocketmq.embedded.EmbeddedRocketMq;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A RocketMQ name server and broker in a JVM of their own, so that a test can freeze it (SIGSTOP)
 * or kill it as a broker host fails. Run as a program it starts them, prints the name server's
 * address and serves until its standard input closes.
 */
final class RocketMqProcess implements AutoCloseable {
  private static final String READY = "name server ";

  private final Process process;
  private final String nameServer;

  private RocketMqProcess(Process process, String nameServer) {
    this.process = process;
    this.nameServer = nameServer;
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
        new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    // EmbeddedRocketMq bounds its own start (30 s to become ready); the process ends if it fails.
    String line;
    StringBuilder output = new StringBuilder();
    while ((line = reader.readLine()) != null) {
      if (line.startsWith(READY)) {
        drain(reader);
        return new RocketMqProcess(process, line.substring(READY.length()).trim());
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

  /** Sends the process a signal: STOP freezes it, CONT thaws it, KILL kills it. */
  void signal(String signal) throws IOException, InterruptedException {
    new ProcessBuilder("kill", "-" + signal, Long.toString(process.pid())).start().waitFor();
  }

  /** Ends the process, thawing it first. */
  @Override
  public void close() throws IOException {
    try {
      signal("CONT");
      process.getOutputStream().close();
      if (!process.waitFor(20, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }

  /** Serves until standard input closes (the test ended), then stops the broker. */
  public static void main(String[] args) throws IOException {
    try (EmbeddedRocketMq mq = EmbeddedRocketMq.start(EmbeddedRocketMq.Settings.DEFAULTS)) {
      System.out.println(READY + mq.nameServerAddress());
      System.out.flush();
      while (System.in.read() >= 0) {
        // waiting for the end of input
      }
    }
  }
}
