package io.brokerbench.maven;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The brokerbench command line in a JVM of its own, as {@code java -jar bench-cli.jar} runs it: the
 * run's client CPU, its signal handling and its exit code are the command's, not Maven's. What it
 * prints goes to the build's log and to a copy beside the run's files.
 */
final class ForkedBench {
  /** How long a signalled run may take to print and write what it has before it is killed. */
  static final long GRACE_SECONDS = 60;

  private final Path java;
  private final List<String> jvmArguments;
  private final String classPath;
  private final Path workingDirectory;

  /**
   * A command run by {@code java} with these JVM arguments, on this class path (the plugin's own),
   * in this directory (the project's, so that relative paths in the arguments mean what they say in
   * the POM).
   */
  ForkedBench(Path java, List<String> jvmArguments, String classPath, Path workingDirectory) {
    this.java = java;
    this.jvmArguments = List.copyOf(jvmArguments);
    this.classPath = classPath;
    this.workingDirectory = workingDirectory;
  }

  /** How a forked command ended. */
  record Ending(int exitCode, boolean timedOut) {}

  /**
   * Runs {@code arguments} (such as {@code run loopback -z 5s}) and waits at most {@code
   * timeoutSeconds}; past it the command is sent SIGTERM, so it prints and writes its results so
   * far, and is killed if it has not ended {@link #GRACE_SECONDS} later. Each line it prints goes
   * to {@code log} and to {@code console}.
   */
  Ending run(List<String> arguments, long timeoutSeconds, Consumer<String> log, Path console)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(java.toString());
    command.addAll(jvmArguments);
    command.addAll(List.of("-cp", classPath, "io.brokerbench.cli.Bench"));
    command.addAll(arguments);
    Files.createDirectories(console.getParent());
    Process process =
        new ProcessBuilder(command)
            .directory(workingDirectory.toFile())
            .redirectErrorStream(true)
            .redirectInput(ProcessBuilder.Redirect.INHERIT)
            .start();
    // Maven ended by a signal that did not reach the command (a kill of Maven alone): stop it too.
    Thread stop = new Thread(process::destroy, "brokerbench-stop");
    Runtime.getRuntime().addShutdownHook(stop);
    Thread pump = new Thread(() -> copyLines(process, log, console), "brokerbench-output");
    pump.start();
    try {
      boolean timedOut = !process.waitFor(timeoutSeconds, TimeUnit.SECONDS);
      if (timedOut) {
        process.destroy();
        if (!process.waitFor(GRACE_SECONDS, TimeUnit.SECONDS)) {
          process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
      }
      pump.join(TimeUnit.SECONDS.toMillis(10));
      return new Ending(process.isAlive() ? -1 : process.exitValue(), timedOut);
    } finally {
      try {
        Runtime.getRuntime().removeShutdownHook(stop);
      } catch (IllegalStateException shuttingDown) {
        // Maven is ending: the hook stops the command.
      }
    }
  }

  private static void copyLines(Process process, Consumer<String> log, Path console) {
    try (BufferedReader lines =
            new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        PrintWriter copy =
            new PrintWriter(Files.newBufferedWriter(console, StandardCharsets.UTF_8))) {
      for (String line = lines.readLine(); line != null; line = lines.readLine()) {
        log.accept(line);
        copy.println(line);
      }
    } catch (IOException e) {
      log.accept("brokerbench: lost the command's output: " + e.getMessage());
    }
  }
}
