package io.brokerbench.htmlreport;

import io.brokerbench.compare.RepeatedRuns;
import io.brokerbench.result.RunResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A combination of a scenario's axis values that ran several times ({@code repetitions:}): each
 * figure's median across its runs, the median's 95 % interval and the range, as {@code bench
 * scenario run} prints them. One run's figure is uncertain by what separates its repetitions.
 *
 * @param combination its axis values, {@code rate=1000, queue=quorum}
 * @param runs how many of its repetitions have a result
 * @param figures one row per figure the runs measured
 */
record RepetitionSpread(String combination, int runs, List<Figure> figures) {

  /**
   * One figure across the repetitions, as the page shows it.
   *
   * @param metric the figure as a threshold names it ({@code e2e.p99})
   * @param median the median with its unit
   * @param interval the median's 95 % interval and its half-width, or {@code -} under 6 runs
   * @param range the smallest and largest run's value
   */
  record Figure(String metric, String median, String interval, String range) {}

  /** The spread of every combination of the scenario with at least two results. */
  static List<RepetitionSpread> of(ReportInput.Scenario scenario) {
    Map<Map<String, String>, List<RunResult>> byAxes = new LinkedHashMap<>();
    for (ReportInput.CellRun cellRun : scenario.cells()) {
      if (cellRun.result() != null) {
        byAxes.computeIfAbsent(cellRun.cell().axes(), k -> new ArrayList<>()).add(cellRun.result());
      }
    }
    List<RepetitionSpread> spreads = new ArrayList<>();
    byAxes.forEach(
        (axes, runs) -> {
          if (runs.size() > 1) {
            spreads.add(
                new RepetitionSpread(
                    label(axes),
                    runs.size(),
                    RepeatedRuns.of(runs).figures().stream()
                        .map(
                            f ->
                                new Figure(
                                    f.metric(), f.medianText(), f.intervalText(), f.rangeText()))
                        .toList()));
          }
        });
    return spreads;
  }

  private static String label(Map<String, String> axes) {
    return axes.entrySet().stream()
        .map(e -> e.getKey() + "=" + e.getValue())
        .collect(Collectors.joining(", "));
  }
}
