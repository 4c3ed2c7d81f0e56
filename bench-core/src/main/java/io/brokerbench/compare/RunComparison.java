package io.brokerbench.compare;

import io.brokerbench.result.RunResult;
import io.brokerbench.result.ThresholdOutcome;
import io.brokerbench.threshold.Metric;
import io.brokerbench.threshold.Threshold;
import java.util.ArrayList;
import java.util.List;

/**
 * A candidate run beside its baseline: rates, latency percentiles, CPU per message and integrity,
 * with the change of each, and the thresholds checked on the candidate against the baseline.
 *
 * <pre>{@code
 * RunComparison c = RunComparison.of("000-classic", baseline, candidate,
 *     List.of(Threshold.parse("e2e.p99 <= baseline + 10%")));
 * }</pre>
 *
 * @param name what was compared (a cell's id, or the runs' names)
 * @param changes the figures side by side
 * @param thresholds the thresholds checked on the candidate
 */
public record RunComparison(
    String name, List<MetricChange> changes, List<ThresholdOutcome> thresholds) {

  /** The figures compared, in the order they are shown. */
  public static final List<String> METRICS =
      List.of(
          "sent.rate",
          "received.rate",
          "e2e.p50",
          "e2e.p99",
          "e2e.p99.9",
          "e2e.max",
          "confirm.p50",
          "confirm.p99",
          "cpu.us_per_msg",
          "lost",
          "duplicates");

  /** Copies the lists. */
  public RunComparison {
    changes = List.copyOf(changes);
    thresholds = List.copyOf(thresholds);
  }

  /** Compares a candidate with its baseline. */
  public static RunComparison of(
      String name, RunResult baseline, RunResult candidate, List<Threshold> thresholds) {
    List<MetricChange> changes = new ArrayList<>();
    for (String metricName : METRICS) {
      Metric metric = Metric.parse(metricName);
      double before = metric.valueIn(baseline);
      double after = metric.valueIn(candidate);
      if (Double.isNaN(before) && Double.isNaN(after)) {
        continue;
      }
      Double change =
          Double.isNaN(before) || Double.isNaN(after) || before == 0
              ? null
              : (after / before - 1) * 100;
      boolean higherIsBetter = metric.quantity() == Metric.Quantity.RATE;
      boolean better =
          !Double.isNaN(before)
              && !Double.isNaN(after)
              && (higherIsBetter ? after > before : after < before);
      changes.add(
          new MetricChange(
              metricName,
              Double.isNaN(before) ? null : before,
              Double.isNaN(after) ? null : after,
              change,
              better));
    }
    List<ThresholdOutcome> outcomes =
        thresholds.stream().map(t -> t.check(candidate, baseline)).toList();
    return new RunComparison(name, changes, outcomes);
  }

  /** True when every threshold holds. */
  public boolean passed() {
    return thresholds.stream().allMatch(ThresholdOutcome::passed);
  }
}
