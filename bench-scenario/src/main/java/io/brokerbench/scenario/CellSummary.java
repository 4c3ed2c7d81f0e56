package io.brokerbench.scenario;

import io.brokerbench.result.LatencySummary;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.StepResult;
import io.brokerbench.result.Totals;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The lines a scenario prints for a cell that ran: its figures, and one per rate step. The latency
 * is the one the scenario is about, as its report leads with it: the file's {@code latency:}, or
 * the workload's own ({@link io.brokerbench.result.WorkloadSummary#leadingLatency()}), such as the
 * round trip of request-reply.
 */
final class CellSummary {
  private CellSummary() {}

  /**
   * The lines of a cell.
   *
   * @param latency the latency kind's key the scenario file names, or null for the workload's
   */
  static List<String> lines(RunResult result, String latency) {
    String kind = latency != null ? latency : result.setup().workload().leadingLatency().key();
    List<String> lines = new ArrayList<>();
    lines.add(
        "  "
            + result.ending().status()
            + ": "
            + figures(result.figures().totals(), result.figures().latency(), kind)
            + ", lost "
            + result.figures().integrity().lost()
            + (result.ending().error() == null ? "" : " (" + result.ending().error() + ")"));
    if (result.figures().steps().size() > 1) {
      for (StepResult step : result.figures().steps()) {
        lines.add(
            String.format(
                Locale.ROOT,
                "    step %d at %s: %s",
                step.index(),
                step.targetPerSecond() == 0
                    ? "unlimited"
                    : String.format(Locale.ROOT, "%.0f msg/s", step.targetPerSecond()),
                figures(step.totals(), step.latency(), kind)));
      }
    }
    return lines;
  }

  private static String figures(Totals totals, Map<String, LatencySummary> latency, String kind) {
    LatencySummary values = latency.get(kind);
    boolean none = values == null || values.count() == 0;
    return String.format(
        Locale.ROOT,
        "sent %.0f msg/s, received %.0f msg/s, %s p50 %s p99 %s",
        totals.rates().sentPerSecond(),
        totals.rates().receivedPerSecond(),
        kind,
        none ? "-" : LatencyText.text(values.p50Micros()),
        none ? "-" : LatencyText.text(values.p99Micros()));
  }
}
