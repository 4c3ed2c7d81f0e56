package io.brokerbench.compare;

import io.brokerbench.result.IntervalSample;
import io.brokerbench.result.RunResult;
import io.brokerbench.threshold.Metric;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.statistics.distribution.BinomialDistribution;
import org.apache.commons.statistics.inference.MannWhitneyUTest;

/**
 * The values of one figure on one side of a comparison, the samples its noise is judged from: one
 * per run, or one per measured interval of the runs (out of the warm-up, with messages moving).
 * Intervals of one run are not quite independent samples (a slow second tends to follow a slow
 * second), so repeated runs are the sounder basis.
 *
 * @param values the samples, in no particular order
 */
record MetricSamples(double[] values) {

  /** A change is clear when a difference this large would arise by chance less often than this. */
  static final double SIGNIFICANCE = 0.05;

  /** The samples of {@code metric} in {@code runs}: a value per run, or per interval. */
  static MetricSamples of(Metric metric, List<RunResult> runs, boolean perRun) {
    if (perRun) {
      return new MetricSamples(
          runs.stream().mapToDouble(metric::valueIn).filter(v -> !Double.isNaN(v)).toArray());
    }
    return new MetricSamples(
        runs.stream()
            .flatMap(r -> r.figures().intervals().stream())
            .filter(i -> !i.warmup() && moved(i))
            .mapToDouble(metric::valueIn)
            .filter(v -> !Double.isNaN(v))
            .toArray());
  }

  private static boolean moved(IntervalSample interval) {
    return interval.counts().sent() > 0 || interval.counts().received() > 0;
  }

  /** How many samples there are. */
  int count() {
    return values.length;
  }

  /** The middle sample (the mean of the two middle ones for an even count); NaN when none. */
  double median() {
    if (values.length == 0) {
      return Double.NaN;
    }
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int middle = sorted.length / 2;
    return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  }

  /**
   * A distribution-free interval holding the true median with at least {@code confidence}, from the
   * order statistics (as benchstat gives it): the k-th smallest and k-th largest samples for the
   * largest k whose binomial coverage is enough. Null when there are too few samples for that
   * confidence even from the smallest to the largest (fewer than 6 for 95 %).
   */
  double[] medianInterval(double confidence) {
    int n = values.length;
    if (n == 0) {
      return null;
    }
    BinomialDistribution runs = BinomialDistribution.of(n, 0.5);
    int k = 0;
    while (k + 1 <= n - k && 1 - 2 * runs.cumulativeProbability(k) >= confidence) {
      k++;
    }
    if (k == 0) {
      return null;
    }
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    return new double[] {sorted[k - 1], sorted[n - k]};
  }

  /** The smallest sample; NaN when none. */
  double min() {
    return Arrays.stream(values).min().orElse(Double.NaN);
  }

  /** The largest sample; NaN when none. */
  double max() {
    return Arrays.stream(values).max().orElse(Double.NaN);
  }

  /**
   * The probability of samples at least this far apart from {@code other}'s if both sides came from
   * one distribution: a two-sided Mann-Whitney U test, as benchstat decides (exact for small
   * samples without ties); NaN when either side has no sample.
   */
  double pValueAgainst(MetricSamples other) {
    if (values.length == 0 || other.values.length == 0) {
      return Double.NaN;
    }
    if (allEqual(values, other.values)) {
      return 1.0;
    }
    return MannWhitneyUTest.withDefaults().test(values, other.values).getPValue();
  }

  private static boolean allEqual(double[] a, double[] b) {
    double first = a[0];
    return Arrays.stream(a).allMatch(v -> v == first) && Arrays.stream(b).allMatch(v -> v == first);
  }
}
