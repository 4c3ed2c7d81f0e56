package io.brokerbench.htmlreport;

import io.brokerbench.latency.LatencyKind;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.StepResult;
import java.util.List;

/** The rows of a run's per-step table: what each rate step attempted and achieved. */
final class StepsTable {
  private StepsTable() {}

  /**
   * One rate step.
   *
   * @param step 0-based step number, as results and thresholds ({@code step0.e2e.p99}) count
   * @param targetPerSecond the step's target rate, msg/s; 0 for unlimited
   * @param sentPerSecond achieved send rate, msg/s
   * @param receivedPerSecond achieved receive rate, msg/s
   * @param e2e the step's end-to-end latency percentiles
   * @param cpuMicrosPerMessage client CPU per message
   */
  record Row(
      int step,
      double targetPerSecond,
      double sentPerSecond,
      double receivedPerSecond,
      Percentiles e2e,
      double cpuMicrosPerMessage) {}

  /** A row per rate step, in order. */
  static List<Row> rows(RunResult result) {
    return result.figures().steps().stream().map(StepsTable::row).toList();
  }

  private static Row row(StepResult step) {
    return new Row(
        step.index(),
        step.targetPerSecond(),
        step.totals().rates().sentPerSecond(),
        step.totals().rates().receivedPerSecond(),
        Percentiles.of(step.latency().get(LatencyKind.END_TO_END.key())),
        step.totals().client().cpuMicrosPerMessage());
  }
}
