package io.brokerbench.compare;

import io.brokerbench.result.RunResult;
import io.brokerbench.result.Warning;
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
 * @param suspect the codes of the reasons its runs are {@linkplain io.brokerbench.result.Validity
 *     suspect}, each once; empty when all are valid
 */
public record RunOutcome(String status, String error, long lost, int runs, List<String> suspect) {

  /** Copies the reasons. */
  public RunOutcome {
    suspect = List.copyOf(suspect);
  }

  /** The outcome of these results, one side's runs (at least one). */
  public static RunOutcome of(List<RunResult> results) {
    RunResult shown =
        results.stream()
            .filter(r -> !RunResult.COMPLETED.equals(r.ending().status()))
            .findFirst()
            .orElse(results.get(0));
    long lost = results.stream().mapToLong(r -> r.figures().integrity().lost()).sum();
    List<String> suspect =
        results.stream()
            .flatMap(r -> r.validity().reasons().stream())
            .map(Warning::code)
            .distinct()
            .toList();
    return new RunOutcome(
        shown.ending().status(), shown.ending().error(), lost, results.size(), suspect);
  }

  /** True when no run of the side is suspect. */
  public boolean valid() {
    return suspect.isEmpty();
  }

  /** The status as shown beside the other side's: {@code completed, suspect} for a suspect run. */
  public String statusText() {
    return valid() ? status : status + ", suspect";
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
