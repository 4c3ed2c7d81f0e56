package io.brokerbench.workload;

/** A workload setting is invalid; the message names it and says what would be valid. */
public class WorkloadException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  /** An invalid setting. */
  public WorkloadException(String message) {
    super(message);
  }
}
