package io.brokerbench.scenario;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/**
 * Starts and stops a scenario's broker set-ups with their commands, one set-up up at a time so that
 * no idle broker shares the machine with a measured one: {@link #use} stops the set-up that is up
 * when a cell needs another (or none) and starts that one. Each command runs as {@code sh -c} in
 * the scenario file's directory (so a file's commands name the repository's scripts wherever bench
 * runs from: {@code ../scripts/rabbitmq4.sh}), with {@code BROKERBENCH_JAR} naming the jar running
 * it (the repository's set-up scripts start a RocketMQ broker from it); its output goes to {@code
 * setups/NAME.log} under the scenario's output directory.
 */
final class SetupCommands implements AutoCloseable {
  /** How long a stop command may take. */
  static final Duration STOP_TIMEOUT = Duration.ofMinutes(2);

  private final Path workingDir;
  private final Path logs;
  private final PrintWriter out;
  private BrokerSetup up;
  // Set by another thread (a Ctrl-C hook): the command under way is ended, no other is started.
  private volatile boolean aborted;
  private volatile Process running;

  /**
   * Commands run in {@code workingDir}, their output kept under {@code outputDir}, progress lines
   * printed to {@code out}.
   */
  SetupCommands(Path workingDir, Path outputDir, PrintWriter out) {
    this.workingDir = workingDir;
    this.logs = outputDir.resolve("setups");
    this.out = out;
  }

  /**
   * Makes {@code setup} the one that is up: stops the one up if it is another, then starts this one
   * (nothing for a set-up of brokers already running, or for null).
   *
   * @throws SetupFailedException when the start command exits with another code than 0 or takes
   *     longer than the set-up's start timeout
   */
  void use(BrokerSetup setup) throws IOException {
    if (up != null && setup != null && up.name().equals(setup.name())) {
      return;
    }
    close();
    if (setup == null || setup.start() == null) {
      up = setup;
      return;
    }
    out.printf(Locale.ROOT, "set-up %s: starting (%s)%n", setup.name(), setup.start());
    out.flush();
    long started = System.nanoTime();
    Outcome outcome = run(setup, setup.start(), setup.startTimeout(), true);
    if (!outcome.succeeded() && aborted) {
      // Interrupted while it started: what it started is stopped by close().
      up = setup;
      return;
    }
    if (!outcome.succeeded()) {
      // What it started before failing is stopped, so a resumed run starts it afresh.
      up = setup;
      close();
      throw new SetupFailedException(
          "set-up "
              + setup.name()
              + " did not start: `"
              + setup.start()
              + "` "
              + outcome.describe(setup.startTimeout())
              + " (its output: "
              + log(setup)
              + ")");
    }
    up = setup;
    out.printf(
        Locale.ROOT,
        "set-up %s: up in %.1f s%n",
        setup.name(),
        (System.nanoTime() - started) / 1e9);
    out.flush();
  }

  /**
   * Ends the start command under way, if any, and starts no other; {@link #close()} still stops
   * what was started. Any thread.
   */
  void abort() {
    aborted = true;
    Process process = running;
    if (process != null) {
      process.descendants().forEach(ProcessHandle::destroyForcibly);
      process.destroyForcibly();
    }
  }

  /** Stops the set-up that is up, if any; a stop that fails is said, not thrown. */
  @Override
  public void close() throws IOException {
    BrokerSetup stopping = up;
    up = null;
    if (stopping == null || stopping.stop() == null) {
      return;
    }
    // Never aborted: a broker left up would share the machine with whatever runs next.
    Outcome outcome = run(stopping, stopping.stop(), STOP_TIMEOUT, false);
    out.printf(
        Locale.ROOT,
        "set-up %s: %s%n",
        stopping.name(),
        outcome.succeeded()
            ? "stopped"
            : "stop command `"
                + stopping.stop()
                + "` "
                + outcome.describe(STOP_TIMEOUT)
                + ": the broker may still be up (its output: "
                + log(stopping)
                + ")");
    out.flush();
  }

  private Path log(BrokerSetup setup) {
    return logs.resolve(setup.name() + ".log");
  }

  /** How a command ended: its exit code (-1 when it was stopped for its timeout), its last line. */
  private record Outcome(int exit, String lastLine) {
    boolean succeeded() {
      return exit == 0;
    }

    String describe(Duration timeout) {
      String said = lastLine.isEmpty() ? "" : ": " + lastLine;
      return exit < 0
          ? "did not finish within " + timeout.toSeconds() + " s" + said
          : "exited " + exit + said;
    }
  }

  /**
   * Runs a command to its end or its timeout.
   *
   * @param abortable whether {@link #abort()} ends it
   */
  private Outcome run(BrokerSetup setup, String command, Duration timeout, boolean abortable)
      throws IOException {
    Files.createDirectories(logs);
    Path log = log(setup);
    Files.writeString(
        log,
        "$ " + command + "\n",
        StandardCharsets.UTF_8,
        java.nio.file.StandardOpenOption.CREATE,
        java.nio.file.StandardOpenOption.APPEND);
    long before = Files.size(log);
    ProcessBuilder builder =
        new ProcessBuilder("sh", "-c", command)
            .directory(workingDir.toFile())
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
            .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
    String jar = runningJar();
    if (jar != null) {
      builder.environment().putIfAbsent("BROKERBENCH_JAR", jar);
    }
    Process process = builder.start();
    if (abortable) {
      running = process;
      if (aborted) {
        abort();
      }
    }
    try {
      if (process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        running = null;
        return new Outcome(process.exitValue(), lastLine(log, before));
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    // What the command said before it is stopped: once its children are killed, the shell adds
    // its own "Killed", which is not the command's last word.
    String said = lastLine(log, before);
    process.descendants().forEach(ProcessHandle::destroyForcibly);
    process.destroyForcibly();
    running = null;
    return new Outcome(-1, said);
  }

  /** The last line the command wrote (from {@code offset} of its log), or "" when it wrote none. */
  private static String lastLine(Path log, long offset) throws IOException {
    byte[] all = Files.readAllBytes(log);
    String written =
        new String(
            all,
            (int) Math.min(offset, all.length),
            (int) Math.max(0, all.length - offset),
            StandardCharsets.UTF_8);
    List<String> lines = written.lines().filter(l -> !l.isBlank()).toList();
    return lines.isEmpty() ? "" : lines.get(lines.size() - 1).strip();
  }

  /**
   * The runnable jar this code runs from (the CLI's, whose manifest names a main class), or null
   * when it runs from classes or a library's jar (tests, an IDE, a JUnit project).
   */
  private static String runningJar() {
    try {
      Path source =
          Path.of(SetupCommands.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      if (!source.toString().endsWith(".jar")) {
        return null;
      }
      try (JarFile jar = new JarFile(source.toFile())) {
        Manifest manifest = jar.getManifest();
        return manifest != null && manifest.getMainAttributes().getValue("Main-Class") != null
            ? source.toAbsolutePath().toString()
            : null;
      }
    } catch (IOException | URISyntaxException | SecurityException | NullPointerException e) {
      return null;
    }
  }
}
