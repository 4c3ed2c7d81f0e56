package io.brokerbench.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * The fat jar run as a user runs it ({@code java -jar target/bench-cli.jar ARGS}), its standard
 * output and error read as they come, so a test can act on a line and then look at both streams.
 */
final class BenchProcess {
  private final Process process;
  private final StringBuffer out = new StringBuffer();
  private final StringBuffer err = new StringBuffer();
  private final Thread outReader;
  private final Thread errReader;
  private final long startNanos = System.nanoTime();
  private long endNanos;

  private BenchProcess(Process process) {
    this.process = process;
    this.outReader = reader(process.getInputStream(), out, "stdout");
    this.errReader = reader(process.getErrorStream(), err, "stderr");
  }

  /**
   * Starts {@code bench args} with SIGINT at its default, as from a terminal: tests started in a
   * background job ({@code .ci/run &}, nohup) inherit it ignored, and a JVM that starts with SIGINT
   * ignored installs no handler for it, so Ctrl-C would not reach the jar (GNU env's {@code
   * --default-signal}, coreutils 8.31 and later).
   */
  static BenchProcess start(String... args) throws IOException {
    List<String> command = new ArrayList<>(List.of("env", "--default-signal=INT"));
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-jar");
    command.add(Path.of("target", "bench-cli.jar").toString());
    command.addAll(List.of(args));
    return new BenchProcess(new ProcessBuilder(command).start());
  }

  private static Thread reader(InputStream stream, StringBuffer into, String name) {
    Thread thread =
        new Thread(
            () -> {
              try (BufferedReader reader =
                  new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
                String line;
                while ((line = reader.readLine()) != null) {
                  into.append(line).append('\n');
                }
              } catch (IOException e) {
                // the process ended
              }
            },
            "bench-" + name);
    thread.setDaemon(true);
    thread.start();
    return thread;
  }

  /**
   * Waits until the {@code n}th standard output line matching {@code regex} was printed.
   *
   * @throws AssertionError when it was not within {@code timeout}, or the process ended first
   */
  BenchProcess awaitLine(String regex, int n, Duration timeout) throws InterruptedException {
    Pattern pattern = Pattern.compile(regex, Pattern.MULTILINE);
    long deadline = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < deadline) {
      if (pattern.matcher(out).results().count() >= n) {
        return this;
      }
      if (!process.isAlive()) {
        break;
      }
      Thread.sleep(20);
    }
    throw new AssertionError(
        "no line " + n + " matching " + regex + " within " + timeout + ":\n" + out + err);
  }

  /** Sends the process a signal, such as {@code TERM}. */
  void signal(String signal) throws IOException, InterruptedException {
    new ProcessBuilder("kill", "-" + signal, Long.toString(process.pid())).start().waitFor();
  }

  /**
   * Waits for the process to end and for its output to be read.
   *
   * @return its exit code
   * @throws AssertionError when it did not end within {@code timeout} (it is killed then)
   */
  int waitFor(Duration timeout) throws InterruptedException {
    if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
      process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      throw new AssertionError("still running after " + timeout + ":\n" + out + err);
    }
    endNanos = System.nanoTime();
    outReader.join(5_000);
    errReader.join(5_000);
    return process.exitValue();
  }

  /** Whether the jar is still running. */
  boolean isAlive() {
    return process.isAlive();
  }

  /** When the process ended ({@link System#nanoTime()}), once {@link #waitFor} returned. */
  long endNanos() {
    return endNanos;
  }

  /** How long the process ran, once {@link #waitFor} returned. */
  Duration elapsed() {
    return Duration.ofNanos(endNanos - startNanos);
  }

  /** Standard output so far. */
  String out() {
    return out.toString();
  }

  /** Standard error so far. */
  String err() {
    return err.toString();
  }
}
