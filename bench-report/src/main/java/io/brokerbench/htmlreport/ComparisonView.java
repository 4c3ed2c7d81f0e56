package io.brokerbench.htmlreport;

import io.brokerbench.compare.MetricChange;
import io.brokerbench.compare.RunComparison;
import io.brokerbench.result.ThresholdOutcome;
import io.brokerbench.threshold.Metric;
import java.util.ArrayList;
import java.util.List;

/**
 * What the page shows of one comparison of a candidate run with its baseline: each figure side by
 * side with its change, the thresholds checked, and the latency percentiles as chart series.
 *
 * @param name what was compared (the runs, or a scenario cell)
 * @param rows how each run ended, then one per figure
 * @param notes why figures are not comparable (a run that did not complete or lost messages)
 * @param thresholds the thresholds' one-line outcomes
 * @param passed true when every threshold holds and the candidate completed without loss
 * @param latencyNames the latency figures charted, such as {@code e2e.p99}
 * @param baselineMillis the baseline's value of each, milliseconds (null when not measured)
 * @param candidateMillis the candidate's value of each
 */
record ComparisonView(
    String name,
    List<Row> rows,
    List<String> notes,
    List<String> thresholds,
    boolean passed,
    List<String> latencyNames,
    List<Double> baselineMillis,
    List<Double> candidateMillis) {

  /**
   * One figure.
   *
   * @param metric its name
   * @param baseline the baseline's value with its unit, or "-"
   * @param candidate the candidate's value with its unit, or "-"
   * @param change the change in percent, such as {@code +9.0%}, or "-"
   * @param verdict {@code better}, {@code worse}, {@code no clear change}, {@code not comparable}
   *     or empty, then what it rests on ({@code (p=0.002 n=10+10)})
   */
  record Row(String metric, String baseline, String candidate, String change, String verdict) {}

  static ComparisonView of(RunComparison comparison) {
    List<Row> rows = new ArrayList<>();
    rows.add(
        new Row(
            "status",
            comparison.baseline().statusText(),
            comparison.candidate().statusText(),
            "",
            MetricChange.verdictText(comparison.statusVerdict())));
    for (MetricChange c : comparison.changes()) {
      Metric metric = Metric.parse(c.metric());
      rows.add(
          new Row(
              c.metric(),
              c.baseline() == null ? "-" : metric.format(c.baseline()),
              c.candidate() == null ? "-" : metric.format(c.candidate()),
              c.changeText(),
              (MetricChange.verdictText(c.verdict())
                      + (c.evidenceText().isEmpty() ? "" : " (" + c.evidenceText() + ")"))
                  .strip()));
    }
    List<MetricChange> latencies =
        comparison.changes().stream()
            .filter(c -> Metric.parse(c.metric()).quantity() == Metric.Quantity.LATENCY)
            .filter(c -> !c.metric().startsWith("cpu."))
            .toList();
    return new ComparisonView(
        comparison.name(),
        rows,
        comparison.notes(),
        comparison.thresholds().stream().map(ThresholdOutcome::message).toList(),
        comparison.passed() && comparison.candidate().sound(),
        latencies.stream().map(MetricChange::metric).toList(),
        latencies.stream().map(c -> c.baseline() == null ? null : c.baseline() / 1_000).toList(),
        latencies.stream().map(c -> c.candidate() == null ? null : c.candidate() / 1_000).toList());
  }
}
