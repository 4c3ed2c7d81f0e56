package io.brokerbench.scenario;

import io.brokerbench.workload.WorkloadException;

/**
 * A scenario file that cannot be run, with a one-line message naming the file, the line and the
 * key: {@code scenarios/x.yaml:12: size: '12 parsecs' is not a size: ...}. A usage error (exit code
 * 2 in the CLI), found before anything runs.
 */
public final class ScenarioException extends WorkloadException {
  private static final long serialVersionUID = 1L;

  /**
   * An error at a position in a file. A message that starts with the key (as a workload option's
   * own messages do) does not repeat it.
   */
  public ScenarioException(Position position, String message) {
    super(position + ": " + withoutPrefix(message, position.key() + ": "));
  }

  private static String withoutPrefix(String message, String prefix) {
    return message.startsWith(prefix) ? message.substring(prefix.length()) : message;
  }

  /** An error about a whole file or directory, which has no line. */
  public ScenarioException(String message) {
    super(message);
  }
}
