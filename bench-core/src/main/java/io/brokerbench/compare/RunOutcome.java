package io.brokerbench.compare;

import io.brokerbench.result.RunResult;
import java.util.List;

/**
 * How one side of a comparison ended, its one run or its several: whether its figures can be
 * compared at all.
 *
 * @param status the run's status ({@code completed}, {@code interrupted}, {@code failed}, …); of
 *     several runs, the first that did not complete, else {@code completed}
 * @param error that run's failure's message, or null
 * @param lost the messages its runs lost, together
 * @param runs how many runs the side has
 */
public record RunOutcome(String status, String error, long lost, int runs) {

  /** The outcome of these results, one side's runs (at least one). */
  public static RunOutcome of(List<RunResult> results) {
    RunResult shown =
        results.stream()
            .filter(r -> !RunResult.COMPLETED.equals(r.status()))
            .findFirst()
            .orElse(results.get(0));
    long lost = results.stream().mapToLong(r -> r.integrity().lost()).sum();
    return new RunOutcome(shown.status(), shown.error(), lost, results.size());
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
