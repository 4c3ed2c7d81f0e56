package io.brokerbench.htmlreport;

import io.brokerbench.result.RunResult;
import io.brokerbench.result.ScenarioIndex;
import io.brokerbench.result.StepResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A scenario's rate steps as points of attempted against achieved rate and latency: one point per
 * step of every cell with a target rate, in series of cells that differ only in their rate.
 *
 * @param sweep true when the points attempt at least two different rates, so a chart against the
 *     target rate says something
 * @param series the points, by series label
 */
record RateSweep(boolean sweep, Map<String, List<Point>> series) {

  /**
   * One rate step of one cell.
   *
   * @param targetPerSecond attempted rate, msg/s
   * @param sentPerSecond achieved send rate, msg/s
   * @param receivedPerSecond achieved receive rate, msg/s
   * @param latency the percentiles of the scenario's leading latency in the step
   */
  record Point(
      double targetPerSecond,
      double sentPerSecond,
      double receivedPerSecond,
      Percentiles latency) {}

  /** The sweep of a scenario's cells that have results, with this latency. */
  static RateSweep of(ReportInput.Scenario scenario, LeadingLatency leading) {
    Set<String> rateAxes = rateAxes(scenario);
    boolean repeated = scenario.cells().stream().anyMatch(c -> c.cell().repetition() > 0);
    Map<String, List<Point>> series = new LinkedHashMap<>();
    Set<Double> targets = new HashSet<>();
    for (ReportInput.CellRun cellRun : scenario.cells()) {
      RunResult result = cellRun.result();
      if (result == null) {
        continue;
      }
      String label = seriesLabel(cellRun.cell(), rateAxes, repeated);
      for (StepResult step : result.figures().steps()) {
        if (step.targetPerSecond() > 0) {
          targets.add(step.targetPerSecond());
          series
              .computeIfAbsent(label, k -> new ArrayList<>())
              .add(
                  new Point(
                      step.targetPerSecond(),
                      step.totals().rates().sentPerSecond(),
                      step.totals().rates().receivedPerSecond(),
                      leading.of(step.latency())));
        }
      }
    }
    series
        .values()
        .forEach(
            points ->
                points.sort((a, b) -> Double.compare(a.targetPerSecond(), b.targetPerSecond())));
    return new RateSweep(targets.size() >= 2, series);
  }

  /**
   * The axes that set the rate: each of their values goes with one target rate, and their values go
   * with at least two. Cells that differ only in these axes are points of one series.
   */
  static Set<String> rateAxes(ReportInput.Scenario scenario) {
    Set<String> rateAxes = new HashSet<>();
    for (ScenarioIndex.Axis axis : scenario.scenario().axes()) {
      Map<String, Set<Double>> targetsByValue = new HashMap<>();
      for (ReportInput.CellRun cellRun : scenario.cells()) {
        if (cellRun.result() != null
            && !cellRun.result().setup().workload().rateSteps().isEmpty()) {
          targetsByValue
              .computeIfAbsent(cellRun.cell().axes().get(axis.name()), k -> new HashSet<>())
              .add(cellRun.result().setup().workload().rateSteps().get(0));
        }
      }
      boolean oneTargetPerValue = targetsByValue.values().stream().allMatch(t -> t.size() == 1);
      long distinctTargets =
          targetsByValue.values().stream().flatMap(Set::stream).distinct().count();
      if (oneTargetPerValue && distinctTargets >= 2) {
        rateAxes.add(axis.name());
      }
    }
    return rateAxes;
  }

  private static String seriesLabel(
      ScenarioIndex.Cell cell, Set<String> rateAxes, boolean repeated) {
    String axes =
        cell.axes().entrySet().stream()
            .filter(e -> !rateAxes.contains(e.getKey()))
            .map(e -> e.getKey() + "=" + e.getValue())
            .collect(Collectors.joining(", "));
    String label = axes.isEmpty() ? "all cells" : axes;
    return repeated ? label + " (repetition " + cell.repetition() + ")" : label;
  }
}
