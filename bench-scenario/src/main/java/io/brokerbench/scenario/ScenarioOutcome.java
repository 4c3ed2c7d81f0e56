package io.brokerbench.scenario;

import io.brokerbench.result.RunResult;
import io.brokerbench.result.ScenarioIndex;
import io.brokerbench.result.Warning;
import java.util.List;

/**
 * How a scenario run ended: the index as written, and the results of the cells run this time.
 *
 * @param index the index in its final state
 * @param results the results of the cells this run ran (completed, failed or interrupted)
 * @param interrupted true when the run was interrupted; the cells left are pending
 */
public record ScenarioOutcome(ScenarioIndex index, List<RunResult> results, boolean interrupted) {

  /** Copies the list. */
  public ScenarioOutcome {
    results = List.copyOf(results);
  }

  /** True when a cell failed, in this run or an earlier one. */
  public boolean anyFailed() {
    return index.cells().stream().anyMatch(c -> c.status().equals(ScenarioIndex.FAILED));
  }

  /** True when a cell run this time completed and lost messages. */
  public boolean anyLoss() {
    return results.stream().anyMatch(r -> r.completed() && r.warned(Warning.LOSS));
  }
}
