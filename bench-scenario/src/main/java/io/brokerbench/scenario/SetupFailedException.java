package io.brokerbench.scenario;

/**
 * A broker set-up's start command failed or took too long: the scenario stops before the set-up's
 * cells, which stay pending for a resumed run. A failed run (exit code 1 in the CLI), not a usage
 * error: the file was right, the machine did not do it.
 */
public final class SetupFailedException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** A failure with its one-line message, naming the set-up, the command and what it said. */
  public SetupFailedException(String message) {
    super(message);
  }
}
