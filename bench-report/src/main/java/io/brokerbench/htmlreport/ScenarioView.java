package io.brokerbench.htmlreport;

import io.brokerbench.result.ScenarioIndex;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * What the page shows of a scenario, as the page's script reads it from the embedded JSON.
 *
 * @param id the scenario's element id in the page
 * @param title the scenario's heading
 * @param file the scenario's YAML file
 * @param axes the axis names, in order
 * @param cells the table of cells
 * @param sweep attempted against achieved rate and latency
 * @param latency the latency the cells are about, which the table and charts show
 * @param latencyBoundMillis the bound the table gives the share of that latency's values under, in
 *     milliseconds; null when the scenario file names none
 * @param comparisons that latency's p99, the received rate, for idle connections the broker's
 *     memory per connection, and the broker's own CPU and memory where the cells read it, grouped
 *     by each axis
 * @param spreads each repeated combination's figures across its repetitions
 * @param distributions the leading latency's percentile distribution of each cell, overlaid in one
 *     chart; empty for fewer than two cells with a histogram
 * @param runs each cell's run with a result, in order
 * @param setups the broker set-ups the cells ran on, with what tells them apart; empty when the
 *     scenario names none
 */
record ScenarioView(
    String id,
    String title,
    String file,
    List<String> axes,
    LeadingLatency latency,
    Double latencyBoundMillis,
    List<ScenarioTable.Row> cells,
    RateSweep sweep,
    List<AxisComparison> comparisons,
    List<RepetitionSpread> spreads,
    List<CellDistributions.Curve> distributions,
    List<RunView> runs,
    List<ScenarioIndex.Setup> setups) {

  /** The view of a scenario; its element ids start with {@code id}. */
  static ScenarioView of(String id, ReportInput.Scenario scenario) {
    List<RunView> runs = new ArrayList<>();
    for (ReportInput.CellRun cellRun : scenario.cells()) {
      if (cellRun.result() != null) {
        runs.add(
            RunView.of(
                id + "-cell" + cellRun.cell().index(), cellRun.cell().id(), cellRun.result()));
      }
    }
    ScenarioIndex file = scenario.scenario();
    LeadingLatency leading =
        LeadingLatency.named(file.latency())
            .orElseGet(
                () ->
                    LeadingLatency.of(
                        scenario.cells().stream()
                            .map(ReportInput.CellRun::result)
                            .filter(Objects::nonNull)
                            .toList()));
    return new ScenarioView(
        id,
        file.name(),
        file.file(),
        file.axes().stream().map(ScenarioIndex.Axis::name).toList(),
        leading,
        file.latencyBoundMillis(),
        ScenarioTable.rows(scenario, leading),
        RateSweep.of(scenario, leading),
        Stream.of(
                AxisComparison.latency(scenario, leading),
                AxisComparison.rate(scenario),
                AxisComparison.brokerMemoryPerConnection(scenario),
                AxisComparison.brokerLoad(scenario),
                AxisComparison.backlog(scenario))
            .flatMap(List::stream)
            .toList(),
        RepetitionSpread.of(scenario),
        CellDistributions.of(scenario, leading),
        runs,
        file.setups());
  }
}
