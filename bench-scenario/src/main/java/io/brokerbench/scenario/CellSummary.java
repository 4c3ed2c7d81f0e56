package io.brokerbench.scenario;

import io.brokerbench.latency.LatencyKind;
import io.brokerbench.result.LatencySummary;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.StepResult;
import io.brokerbench.result.Totals;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The lines a scenario prints for a cell that ran: its figures, and one per rate step. */
final class CellSummary {
  private CellSummary() {}

  static List<String> lines(RunResult result) {
    List<String> lines = new ArrayList<>();
    lines.add(
        "  "
            + result.ending().status()
            + ": "
            + figures(result.figures().totals(), result.figures().latency())
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
                figures(step.totals(), step.latency())));
      }
    }
    return lines;
  }

  private static String figures(Totals totals, Map<String, LatencySummary> latency) {
    LatencySummary e2e = latency.get(LatencyKind.END_TO_END.key());
    return String.format(
        Locale.ROOT,
        "sent %.0f msg/s, received %.0f msg/s, e2e p50 %s p99 %s",
        totals.rates().sentPerSecond(),
        totals.rates().receivedPerSecond(),
        e2e == null || e2e.count() == 0 ? "-" : LatencyText.text(e2e.p50Micros()),
        e2e == null || e2e.count() == 0 ? "-" : LatencyText.text(e2e.p99Micros()));
  }
}
