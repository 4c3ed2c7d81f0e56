package io.brokerbench.rabbitmq.testing;

import io.brokerbench.contract.RequiredBroker;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** {@code scripts/rabbitmq4.sh}, run from a module's directory, bounded in time. */
public final class RabbitMq4Script {
  private static final Path SCRIPT = Path.of("../scripts/rabbitmq4.sh");
  private static final Path PREPARED =
      Path.of(System.getProperty("user.home"), ".cache/brokerbench/rabbitmq-4.0.5/.prepared");
  private static final Path INSTALLED = Path.of("/usr/lib/rabbitmq/lib");

  private RabbitMq4Script() {}

  /** Skips the test unless RabbitMQ 4.0.5 is prepared (fails it in CI). */
  static void requirePrepared() {
    RequiredBroker.require(
        Files.exists(PREPARED), "RabbitMQ 4.0.5 prepared by scripts/rabbitmq4.sh prepare");
  }

  /**
   * Skips the test unless the RabbitMQ of {@code version} ({@code 4.0.5} or {@code 3.10}, see the
   * script's {@code --version}) can run (fails it in CI).
   */
  public static void requireVersion(String version) {
    if (!version.startsWith("3.10")) {
      requirePrepared();
      return;
    }
    boolean installed;
    try (Stream<Path> servers = Files.list(INSTALLED)) {
      installed =
          servers.anyMatch(p -> p.getFileName().toString().startsWith("rabbitmq_server-3.10."));
    } catch (IOException e) {
      installed = false;
    }
    RequiredBroker.require(installed, "RabbitMQ 3.10 installed in " + INSTALLED);
  }

  /** The value of {@code --version} among script options, or the script's default 4.0.5. */
  static String version(String... options) {
    for (int i = 0; i < options.length - 1; i++) {
      if (options[i].equals("--version")) {
        return options[i + 1];
      }
    }
    return "4.0.5";
  }

  /**
   * Runs the script with these arguments, its output inherited.
   *
   * @return its exit code, or -1 when it took longer than {@code seconds} and was killed
   */
  static int run(long seconds, String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(SCRIPT.toString()));
    command.addAll(List.of(args));
    Process p = new ProcessBuilder(command).inheritIO().start();
    if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      return -1;
    }
    return p.exitValue();
  }

  /**
   * Runs the script with these arguments and returns its standard output (standard error
   * inherited).
   *
   * @throws IOException when it failed or took longer than {@code seconds}
   */
  static String output(long seconds, String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(SCRIPT.toString()));
    command.addAll(List.of(args));
    Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    CompletableFuture<String> out =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
              } catch (IOException e) {
                throw new UncheckedIOException(e);
              }
            });
    if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new IOException(String.join(" ", command) + " took longer than " + seconds + " s");
    }
    if (p.exitValue() != 0) {
      throw new IOException(String.join(" ", command) + " exited " + p.exitValue());
    }
    return out.join();
  }
}
