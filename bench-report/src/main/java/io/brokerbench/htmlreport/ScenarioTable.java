package io.brokerbench.htmlreport;

import io.brokerbench.latency.LatencyKind;
import io.brokerbench.result.BrokerNodeLoad;
import io.brokerbench.result.ConnectionsResult;
import io.brokerbench.result.LatencySummary;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.ScenarioIndex;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

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
   * @param withinBoundPercent the share of that latency's values at or under the scenario's bound
   *     ({@code latency-bound:}), in percent; null without a bound or a histogram
   * @param cpuMicrosPerMessage client CPU per message
   * @param lost messages lost
   * @param connections the cell's idle connections, or null for a cell without
   * @param broker the broker's own load over the cell, or null when it was not read
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
      Double withinBoundPercent,
      Double cpuMicrosPerMessage,
      Long lost,
      Connections connections,
      Broker broker) {}

  /**
   * The broker's own load over a cell's measured window, all nodes together.
   *
   * @param cpuPercent CPU, 100 per fully used core; null when the source gave none
   * @param memoryMebibytes the most memory in use; null when the source gave none
   */
  record Broker(Double cpuPercent, Double memoryMebibytes) {

    /** The broker's load in a result, or null when the run did not read it. */
    static Broker of(RunResult r) {
      BrokerNodeLoad all = r.extras().brokerLoad().total();
      if (all == null) {
        return null;
      }
      return new Broker(
          all.cpuPercentMean() < 0 ? null : all.cpuPercentMean(),
          all.memoryBytesMax() < 0 ? null : all.memoryBytesMax() / (1024.0 * 1024.0));
    }
  }

  /**
   * What a cell's idle connections cost, as RabbitMQ 4.0's connection study tabulates it.
   *
   * @param target connections asked for
   * @param opened connections that opened with all their channels or sessions
   * @param openPerSecond the rate they opened at
   * @param openP99Millis the 99th percentile of a connection's open time, from its intended start
   * @param clientKibPerConnection the client's resident memory per connection, KiB; null when
   *     unknown
   * @param brokerKibPerConnection the broker's memory per connection, KiB; null when not read
   */
  record Connections(
      long target,
      long opened,
      double openPerSecond,
      Double openP99Millis,
      Double clientKibPerConnection,
      Double brokerKibPerConnection) {

    /** The connections of a result, or null when it held none. */
    static Connections of(RunResult r) {
      ConnectionsResult c = r.extras().connections();
      if (c.target() == 0) {
        return null;
      }
      return new Connections(
          c.target(),
          c.opened(),
          c.openPerSecond(),
          Percentiles.of(r.figures().latency().get(LatencyKind.CONNECT.key())).p99Millis(),
          kib(c.clientRssBytesPerConnection()),
          kib(c.brokerBytesPerConnection()));
    }

    private static Double kib(long bytes) {
      return bytes < 0 ? null : bytes / 1024.0;
    }
  }

  /** A row per cell, in the scenario's order, with this latency. */
  static List<Row> rows(ReportInput.Scenario scenario, LeadingLatency leading) {
    Double bound = scenario.scenario().latencyBoundMillis();
    return scenario.cells().stream().map(cell -> row(cell, leading, bound)).toList();
  }

  private static Row row(ReportInput.CellRun cellRun, LeadingLatency leading, Double boundMillis) {
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
          null,
          null,
          null,
          null);
    }
    return new Row(
        cell.id(),
        cell.axes(),
        cell.repetition(),
        cell.status(),
        r.setup().workload().producers() == 0 ? "none" : target(r.setup().workload().rateSteps()),
        r.figures().totals().rates().sentPerSecond(),
        r.figures().totals().rates().receivedPerSecond(),
        leading.of(r.figures().latency()),
        withinPercent(r.figures().latency().get(leading.key()), boundMillis),
        r.figures().totals().client().cpuMicrosPerMessage(),
        r.figures().integrity().lost(),
        Connections.of(r),
        Broker.of(r));
  }

  /**
   * The share of a latency's values at or under the bound, from its histogram (to its precision,
   * three significant digits); null without a bound, values or a histogram.
   */
  private static Double withinPercent(LatencySummary summary, Double boundMillis) {
    if (boundMillis == null
        || summary == null
        || summary.count() == 0
        || summary.histogram() == null) {
      return null;
    }
    Histogram nanos = summary.decodedHistogram();
    long within = nanos.getCountBetweenValues(0, Math.round(boundMillis * 1e6));
    return 100.0 * within / nanos.getTotalCount();
  }

  private static String target(List<Double> rateSteps) {
    return String.join(
        " → ", rateSteps.stream().map(s -> s == 0 ? "unlimited" : Numbers.fixed(s, 0)).toList());
  }
}
