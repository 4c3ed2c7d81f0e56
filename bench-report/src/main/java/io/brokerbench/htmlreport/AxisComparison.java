package io.brokerbench.htmlreport;

import io.brokerbench.latency.LatencyRecorder;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.ScenarioIndex;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.HdrHistogram.Histogram;

/**
 * One figure of a scenario's cells grouped by one axis, as the studies chart it: a category per
 * value of the axis and a series per combination of the other axes' values. Two figures: the p99 of
 * the scenario's leading latency ({@link LeadingLatency}), whose repetitions are combined by adding
 * their histograms (never by averaging percentiles), and the received rate, whose repetitions are
 * averaged.
 *
 * @param figure what the values are, such as {@code rtt p99} or {@code received msg/s}
 * @param axis the axis on the category axis
 * @param categories its values, in the scenario's order
 * @param series the figure per category, by the other axes' values; null where no cell has that
 *     combination
 */
record AxisComparison(
    String figure, String axis, List<String> categories, Map<String, List<Double>> series) {

  /** The received rate's figure name. */
  static final String RECEIVED_RATE = "received msg/s";

  /** The confirmed rate's figure name: sends the broker answered, per second. */
  static final String CONFIRMED_RATE = "confirmed msg/s";

  /** For each axis of the scenario with at least two values, the leading latency's p99. */
  static List<AxisComparison> latency(ReportInput.Scenario scenario, LeadingLatency leading) {
    String figure = leading.label() + " p99";
    return byEachAxis(
        scenario,
        figure,
        result -> result.figures().latency().get(leading.key()),
        summaries -> {
          Histogram merged = LatencyRecorder.newHistogram();
          summaries.stream()
              .filter(s -> s != null && s.histogram() != null)
              .forEach(s -> merged.add(s.decodedHistogram()));
          return merged.getTotalCount() == 0 ? null : merged.getValueAtPercentile(99) / 1e6;
        });
  }

  /** The broker memory per connection's figure name. */
  static final String BROKER_MEMORY = "broker KiB/connection";

  /**
   * For each axis of a scenario of idle connections with at least two values, the broker's memory
   * per connection (as RabbitMQ 4.0's connection study charts it per protocol); none for a scenario
   * whose cells hold no connections or could not read the broker.
   */
  static List<AxisComparison> brokerMemoryPerConnection(ReportInput.Scenario scenario) {
    boolean read =
        scenario.cells().stream()
            .anyMatch(
                c ->
                    c.result() != null
                        && c.result().extras().connections().brokerBytesPerConnection() >= 0);
    if (!read) {
      return List.of();
    }
    return byEachAxis(
        scenario,
        BROKER_MEMORY,
        result -> result.extras().connections().brokerBytesPerConnection(),
        bytes -> {
          double[] known =
              bytes.stream().filter(b -> b >= 0).mapToDouble(b -> b / 1024.0).toArray();
          return known.length == 0 ? null : Arrays.stream(known).average().orElseThrow();
        });
  }

  /** The broker CPU's figure name. */
  static final String BROKER_CPU = "broker CPU %";

  /** The broker memory's figure name. */
  static final String BROKER_MEMORY_MIB = "broker memory MiB";

  /**
   * For each axis with at least two values, the broker's own CPU and its most memory over each cell
   * (as the request-reply study charts them against rate and size); none for a scenario whose cells
   * did not read their broker.
   */
  static List<AxisComparison> brokerLoad(ReportInput.Scenario scenario) {
    if (scenario.cells().stream()
        .noneMatch(c -> c.result() != null && c.result().extras().brokerLoad().measured())) {
      return List.of();
    }
    List<AxisComparison> comparisons = new ArrayList<>();
    comparisons.addAll(
        byEachAxis(
            scenario,
            BROKER_CPU,
            result -> brokerFigure(result, ScenarioTable.Broker::cpuPercent),
            AxisComparison::mean));
    comparisons.addAll(
        byEachAxis(
            scenario,
            BROKER_MEMORY_MIB,
            result -> brokerFigure(result, ScenarioTable.Broker::memoryMebibytes),
            AxisComparison::mean));
    return comparisons;
  }

  private static Double brokerFigure(
      RunResult result, Function<ScenarioTable.Broker, Double> figure) {
    ScenarioTable.Broker broker = ScenarioTable.Broker.of(result);
    return broker == null ? null : figure.apply(broker);
  }

  /** The backlog's fill rate's figure name. */
  static final String BACKLOG_FILL = "backlog fill msg/s";

  /** The backlog's drain rate's figure name. */
  static final String BACKLOG_DRAIN = "backlog drain msg/s";

  /**
   * For each axis with at least two values, the rate a backlog filled at and the rate it drained at
   * (Meltwater's and OMB's backlog figures); none for a scenario without backlogs. A backlog that
   * did not drain has no drain rate.
   */
  static List<AxisComparison> backlog(ReportInput.Scenario scenario) {
    if (scenario.cells().stream()
        .noneMatch(c -> c.result() != null && c.result().extras().backlog().present())) {
      return List.of();
    }
    List<AxisComparison> comparisons = new ArrayList<>();
    comparisons.addAll(
        byEachAxis(
            scenario,
            BACKLOG_FILL,
            r -> r.extras().backlog().present() ? r.extras().backlog().fillPerSecond() : null,
            AxisComparison::mean));
    comparisons.addAll(
        byEachAxis(
            scenario,
            BACKLOG_DRAIN,
            r ->
                r.extras().backlog().present() && r.extras().backlog().drained()
                    ? r.extras().backlog().drainPerSecond()
                    : null,
            AxisComparison::mean));
    return comparisons;
  }

  /** The mean of the known values (repetitions), or null when none is known. */
  private static Double mean(List<Double> values) {
    double[] known =
        values.stream().filter(v -> v != null).mapToDouble(Double::doubleValue).toArray();
    return known.length == 0 ? null : Arrays.stream(known).average().orElseThrow();
  }

  /**
   * For each axis with at least two values, the received rate; for a scenario of producers alone
   * (RocketMQ's benchmark tool), the rate the broker confirmed sends at, which the tool calls its
   * Send TPS.
   */
  static List<AxisComparison> rate(ReportInput.Scenario scenario) {
    boolean producersAlone =
        scenario.cells().stream()
            .map(ReportInput.CellRun::result)
            .filter(Objects::nonNull)
            .allMatch(r -> r.setup().workload().consumers() == 0);
    if (producersAlone) {
      return byEachAxis(
          scenario,
          CONFIRMED_RATE,
          result -> result.figures().totals().rates().confirmedPerSecond(),
          AxisComparison::mean);
    }
    return byEachAxis(
        scenario,
        RECEIVED_RATE,
        result -> result.figures().totals().rates().receivedPerSecond(),
        AxisComparison::mean);
  }

  /**
   * The comparisons of one figure: {@code value} reads it from a cell's result, {@code combine}
   * makes one number of the values of a combination's cells (its repetitions).
   */
  private static <T> List<AxisComparison> byEachAxis(
      ReportInput.Scenario scenario,
      String figure,
      Function<RunResult, T> value,
      Function<List<T>, Double> combine) {
    List<AxisComparison> comparisons = new ArrayList<>();
    for (ScenarioIndex.Axis axis : scenario.scenario().axes()) {
      if (axis.values().size() < 2) {
        continue;
      }
      Map<String, Map<String, List<T>>> grouped = new LinkedHashMap<>();
      for (ReportInput.CellRun cellRun : scenario.cells()) {
        if (cellRun.result() == null) {
          continue;
        }
        Map<String, String> axes = cellRun.cell().axes();
        grouped
            .computeIfAbsent(otherAxes(axes, axis.name(), figure), k -> new LinkedHashMap<>())
            .computeIfAbsent(axes.get(axis.name()), k -> new ArrayList<>())
            .add(value.apply(cellRun.result()));
      }
      Map<String, List<Double>> series = new LinkedHashMap<>();
      grouped.forEach(
          (label, byValue) ->
              series.put(
                  label,
                  axis.values().stream()
                      .map(v -> byValue.containsKey(v) ? combine.apply(byValue.get(v)) : null)
                      .toList()));
      comparisons.add(new AxisComparison(figure, axis.name(), axis.values(), series));
    }
    return comparisons;
  }

  /** The series label: the other axes' values, or the figure when there are none. */
  private static String otherAxes(Map<String, String> axes, String axis, String figure) {
    String label =
        axes.entrySet().stream()
            .filter(e -> !e.getKey().equals(axis))
            .map(e -> e.getKey() + "=" + e.getValue())
            .collect(Collectors.joining(", "));
    return label.isEmpty() ? figure : label;
  }
}
