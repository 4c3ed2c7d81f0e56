package io.brokerbench.htmlreport;

import io.brokerbench.latency.LatencyRecorder;
import io.brokerbench.result.LatencySummary;
import io.brokerbench.result.ScenarioIndex;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.HdrHistogram.Histogram;

/**
 * The p99 of a scenario's leading latency ({@link LeadingLatency}) grouped by one axis: a category
 * per value of the axis and a series per combination of the other axes' values. Cells with the same
 * values (repetitions) are combined by adding their histograms, never by averaging their
 * percentiles.
 *
 * @param axis the axis on the category axis
 * @param categories its values, in the scenario's order
 * @param series p99 in milliseconds per category, by the other axes' values; null where no cell has
 *     that combination
 */
record AxisComparison(String axis, List<String> categories, Map<String, List<Double>> series) {

  /** A comparison for each axis of the scenario with at least two values. */
  static List<AxisComparison> of(ReportInput.Scenario scenario, LeadingLatency leading) {
    List<AxisComparison> comparisons = new ArrayList<>();
    for (ScenarioIndex.Axis axis : scenario.scenario().axes()) {
      if (axis.values().size() >= 2) {
        comparisons.add(byAxis(scenario, axis, leading));
      }
    }
    return comparisons;
  }

  private static AxisComparison byAxis(
      ReportInput.Scenario scenario, ScenarioIndex.Axis axis, LeadingLatency leading) {
    Map<String, Map<String, Histogram>> merged = new LinkedHashMap<>();
    for (ReportInput.CellRun cellRun : scenario.cells()) {
      LatencySummary latency =
          cellRun.result() == null ? null : cellRun.result().latency().get(leading.key());
      if (latency == null || latency.histogram() == null) {
        continue;
      }
      Map<String, String> axes = cellRun.cell().axes();
      merged
          .computeIfAbsent(otherAxes(axes, axis.name()), k -> new LinkedHashMap<>())
          .computeIfAbsent(axes.get(axis.name()), k -> LatencyRecorder.newHistogram())
          .add(latency.decodedHistogram());
    }
    Map<String, List<Double>> series = new LinkedHashMap<>();
    merged.forEach(
        (label, byValue) ->
            series.put(
                label.isEmpty() ? leading.label() + " p99" : label,
                axis.values().stream()
                    .map(v -> byValue.containsKey(v) ? p99Millis(byValue.get(v)) : null)
                    .toList()));
    return new AxisComparison(axis.name(), axis.values(), series);
  }

  private static Double p99Millis(Histogram nanos) {
    return nanos.getTotalCount() == 0 ? null : nanos.getValueAtPercentile(99) / 1e6;
  }

  private static String otherAxes(Map<String, String> axes, String axis) {
    String label =
        axes.entrySet().stream()
            .filter(e -> !e.getKey().equals(axis))
            .map(e -> e.getKey() + "=" + e.getValue())
            .collect(Collectors.joining(", "));
    return label;
  }
}
