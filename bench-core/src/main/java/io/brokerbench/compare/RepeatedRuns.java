package io.brokerbench.compare;

import io.brokerbench.result.RunResult;
import io.brokerbench.result.ThresholdOutcome;
import io.brokerbench.threshold.Metric;
import io.brokerbench.threshold.Threshold;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Several runs of one workload ({@code --repeat}): each figure's median across them, how sure that
 * median is (a 95 % confidence interval from the order statistics, as benchstat gives it) and the
 * range. A figure's run-to-run spread is what a single run's value is uncertain by, and what a
 * relative threshold must clear.
 *
 * <pre>{@code
 * RepeatedRuns repeats = RepeatedRuns.of(results);
 * Spread p99 = repeats.figure("e2e.p99"); // median, low..high, min..max
 * }</pre>
 *
 * @param runs how many runs
 * @param figures the figures the runs measured, in {@link RunComparison#METRICS} order
 */
public record RepeatedRuns(int runs, List<Spread> figures) {

  /** The confidence of the median's interval. */
  public static final double CONFIDENCE = 0.95;

  /** Copies the figures. */
  public RepeatedRuns {
    figures = List.copyOf(figures);
  }

  /**
   * One figure across the runs, in the metric's base unit.
   *
   * @param metric the figure, as a threshold names it ({@code e2e.p99})
   * @param median the middle run's value
   * @param low the interval's lower end, or null when there are too few runs for one
   * @param high the interval's upper end, or null likewise
   * @param min the smallest run's value
   * @param max the largest run's value
   */
  public record Spread(
      String metric, double median, Double low, Double high, double min, double max) {

    /**
     * The larger distance from the median to an end of its interval, as a share of the median: the
     * relative change the runs can resolve. NaN without an interval or with a zero median.
     */
    public double uncertainty() {
      if (low == null || median == 0) {
        return Double.NaN;
      }
      return Math.max(median - low, high - median) / Math.abs(median);
    }

    /** The median with its unit, such as {@code 0.95 ms}. */
    public String medianText() {
      return Metric.parse(metric).format(median);
    }

    /**
     * The median's interval with its unit and the {@link #uncertainty()}, such as {@code 0.44 ms ..
     * 1.33 ms (±53%)}, or {@code -} when there are too few runs for one.
     */
    public String intervalText() {
      if (low == null) {
        return "-";
      }
      Metric m = Metric.parse(metric);
      String interval = m.format(low) + " .. " + m.format(high);
      double uncertainty = uncertainty();
      return Double.isNaN(uncertainty)
          ? interval
          : interval + String.format(Locale.ROOT, " (±%.0f%%)", uncertainty * 100);
    }

    /** The range with its unit, such as {@code 0.30 ms .. 1.42 ms}. */
    public String rangeText() {
      Metric m = Metric.parse(metric);
      return m.format(min) + " .. " + m.format(max);
    }
  }

  /** The spread of every figure the runs measured (at least one run). */
  public static RepeatedRuns of(List<RunResult> results) {
    List<Spread> figures = new ArrayList<>();
    for (String name : RunComparison.METRICS) {
      MetricSamples samples = MetricSamples.of(Metric.parse(name), results, true);
      if (samples.count() < results.size()) {
        // Not measured by every run (no confirms, say): not a figure of these runs.
        continue;
      }
      double[] interval = samples.medianInterval(CONFIDENCE);
      figures.add(
          new Spread(
              name,
              samples.median(),
              interval == null ? null : interval[0],
              interval == null ? null : interval[1],
              samples.min(),
              samples.max()));
    }
    return new RepeatedRuns(results.size(), figures);
  }

  /**
   * A threshold on several runs: on their median and its 95 % interval, held or failed when the
   * whole interval says so, else inconclusive (fewer than 6 runs have no interval: their median
   * decides).
   *
   * @param baseline the baseline's value for a relative bound (NaN for an absolute one)
   */
  public static ThresholdOutcome check(Threshold threshold, List<RunResult> runs, double baseline) {
    MetricSamples samples = MetricSamples.of(threshold.metric(), runs, true);
    double[] interval = samples.medianInterval(CONFIDENCE);
    return threshold.check(
        samples.median(),
        interval == null ? Double.NaN : interval[0],
        interval == null ? Double.NaN : interval[1],
        baseline);
  }

  /** The spread of one figure, or null when the runs did not measure it. */
  public Spread figure(String metric) {
    return figures.stream().filter(f -> f.metric().equals(metric)).findFirst().orElse(null);
  }
}
