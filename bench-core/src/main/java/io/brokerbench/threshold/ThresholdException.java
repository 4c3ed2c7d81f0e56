package io.brokerbench.threshold;

import io.brokerbench.workload.WorkloadException;

/**
 * A threshold that cannot be read: the message says what is wrong and how to write it. A usage
 * error, like a workload value that cannot be read.
 */
public final class ThresholdException extends WorkloadException {
  private static final long serialVersionUID = 1L;

  /** An error with a one-line message. */
  public ThresholdException(String message) {
    super(message);
  }
}
