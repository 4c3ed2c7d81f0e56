package io.brokerbench.cli;

/** Entry point of {@code java -jar bench-cli.jar}. */
public final class Bench {
  private Bench() {}

  /** Runs the command line and exits with its exit code. */
  public static void main(String[] args) {
    System.exit(BenchCommand.commandLine().execute(args));
  }
}
