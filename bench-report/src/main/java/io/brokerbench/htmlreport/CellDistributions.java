package io.brokerbench.htmlreport;

import io.brokerbench.result.LatencySummary;
import io.brokerbench.result.RunResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The leading latency's percentile distribution of every cell of a scenario, for one chart that
 * overlays them, as the single-node request-reply study draws its round trips one curve per rate
 * (and per size): where a median hides it, the curves show at which percentile one cell's tail
 * leaves another's.
 */
final class CellDistributions {
  private CellDistributions() {}

  /**
   * One cell's curve.
   *
   * @param cell what the legend calls the cell: its axis values, {@code rate=30000, size=1k}
   * @param count values recorded
   * @param points the curve
   */
  record Curve(String cell, long count, List<PercentileCurve.Point> points) {}

  /**
   * The curve of each cell whose result kept the leading latency's histogram, in the cells' order;
   * empty when fewer than two have one (a single curve is the run's own chart already).
   */
  static List<Curve> of(ReportInput.Scenario scenario, LeadingLatency leading) {
    List<Curve> curves = new ArrayList<>();
    for (ReportInput.CellRun cellRun : scenario.cells()) {
      RunResult result = cellRun.result();
      LatencySummary summary =
          result == null ? null : result.figures().latency().get(leading.key());
      if (summary != null && summary.count() > 0 && summary.histogram() != null) {
        curves.add(
            new Curve(
                label(cellRun), summary.count(), PercentileCurve.of(summary.decodedHistogram())));
      }
    }
    return curves.size() < 2 ? List.of() : curves;
  }

  private static String label(ReportInput.CellRun cellRun) {
    Map<String, String> axes = cellRun.cell().axes();
    String label =
        axes.isEmpty()
            ? cellRun.cell().id()
            : axes.entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(", "));
    return cellRun.cell().repetition() > 0
        ? label + " (rep " + (cellRun.cell().repetition() + 1) + ")"
        : label;
  }
}
