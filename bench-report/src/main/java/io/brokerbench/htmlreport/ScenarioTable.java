package io.brokerbench.htmlreport;

import io.brokerbench.result.RunResult;
import io.brokerbench.result.ScenarioIndex;
import java.util.List;
import java.util.Map;

/**
 * The rows of a scenario's table of cells: axis values, rates, the latency the cells are about
 * ({@link LeadingLatency}), cost and loss.
 */
final class ScenarioTable {
  private ScenarioTable() {}

  /**
   * One cell. Figures are null when the cell wrote no result.
   *
   * @param id the cell's id
   * @param axes the cell's axis values by axis name
   * @param repetition 0-based repetition
   * @param status the cell's status in {@code scenario.json}
   * @param target the target rate as text: one rate, "unlimited", the steps' rates, or "none" for a
   *     cell without producers
   * @param sentPerSecond achieved send rate, msg/s
   * @param receivedPerSecond achieved receive rate, msg/s
   * @param latency the percentiles of the scenario's leading latency
   * @param cpuMicrosPerMessage client CPU per message
   * @param lost messages lost
   */
  record Row(
      String id,
      Map<String, String> axes,
      int repetition,
      String status,
      String target,
      Double sentPerSecond,
      Double receivedPerSecond,
      Percentiles latency,
      Double cpuMicrosPerMessage,
      Long lost) {}

  /** A row per cell, in the scenario's order, with this latency. */
  static List<Row> rows(ReportInput.Scenario scenario, LeadingLatency leading) {
    return scenario.cells().stream().map(cell -> row(cell, leading)).toList();
  }

  private static Row row(ReportInput.CellRun cellRun, LeadingLatency leading) {
    ScenarioIndex.Cell cell = cellRun.cell();
    RunResult r = cellRun.result();
    if (r == null) {
      return new Row(
          cell.id(),
          cell.axes(),
          cell.repetition(),
          cell.status(),
          "",
          null,
          null,
          Percentiles.NONE,
          null,
          null);
    }
    return new Row(
        cell.id(),
        cell.axes(),
        cell.repetition(),
        cell.status(),
        r.workload().producers() == 0 ? "none" : target(r.workload().rateSteps()),
        r.totals().rates().sentPerSecond(),
        r.totals().rates().receivedPerSecond(),
        leading.of(r.latency()),
        r.totals().client().cpuMicrosPerMessage(),
        r.integrity().lost());
  }

  private static String target(List<Double> rateSteps) {
    return String.join(
        " → ", rateSteps.stream().map(s -> s == 0 ? "unlimited" : Numbers.fixed(s, 0)).toList());
  }
}
