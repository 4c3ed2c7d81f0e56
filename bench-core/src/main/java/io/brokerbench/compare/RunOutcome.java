package io.brokerbench.compare;

import io.brokerbench.result.RunResult;

/**
 * How one of two compared runs ended: whether its figures can be compared at all.
 *
 * @param status the run's status ({@code completed}, {@code interrupted}, {@code failed}, …)
 * @param error its failure's message, or null
 * @param lost the messages it lost
 */
public record RunOutcome(String status, String error, long lost) {

  /** The outcome of this result. */
  public static RunOutcome of(RunResult result) {
    return new RunOutcome(result.status(), result.error(), result.integrity().lost());
  }

  /** True when the run ran to its end. */
  public boolean completed() {
    return RunResult.COMPLETED.equals(status);
  }

  /** True when the run ran to its end and lost nothing: its figures describe the whole run. */
  public boolean sound() {
    return completed() && lost == 0;
  }
}
