package io.brokerbench.cli;

/** Entry point of {@code java -jar bench-cli.jar}. */
public final class Bench {
  static final String NETTY_LEAK_DETECTION = "io.netty.leakDetection.level";

  private Bench() {}

  /**
   * Runs the command line and exits with its exit code; after Ctrl-C or SIGTERM the JVM's own
   * shutdown ends the process, with the signal's code. A signal during start-up (seconds on a busy
   * machine), before the command's work installed its own hook, is held here until the command has
   * written that it was interrupted.
   */
  public static void main(String[] args) {
    InterruptHook startUp = InterruptHook.install(() -> {});
    int exitCode;
    try {
      tuneOwnJvm();
      exitCode = BenchCommand.commandLine(args).execute(args);
    } finally {
      startUp.close();
    }
    if (!InterruptHook.signalled()) {
      System.exit(exitCode);
    }
  }

  /**
   * Settings for the JVM the CLI owns, applied before any driver loads its client; a value the user
   * gave with {@code -D} stays. Netty's leak detector, a debugging aid for Netty applications,
   * records a stack trace for one buffer in 128 on the I/O threads of the clients that use Netty
   * (rocketmq-client, protonj2): client CPU a load generator should not spend. A library user's JVM
   * is left alone.
   */
  static void tuneOwnJvm() {
    if (System.getProperty(NETTY_LEAK_DETECTION) == null) {
      System.setProperty(NETTY_LEAK_DETECTION, "disabled");
    }
  }
}
