package io.brokerbench.result;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/** Synthetic intervals and latency summaries for the validity checks' tests. */
final class ValidityChecksFixtures {
  private ValidityChecksFixtures() {}

  /** A summary of {@code count} values, all {@code micros} µs. */
  static LatencySummary latency(double micros, long count) {
    Histogram h = new Histogram(3_600_000_000_000L, 3);
    h.recordValueWithCount((long) (micros * 1000), count);
    return LatencySummary.of(h, 0);
  }

  /** A summary whose p90 and above are {@code tailMicros}, the rest {@code micros}. */
  static LatencySummary latencyWithTail(double micros, double tailMicros) {
    Histogram h = new Histogram(3_600_000_000_000L, 3);
    h.recordValueWithCount((long) (micros * 1000), 85);
    h.recordValueWithCount((long) (tailMicros * 1000), 15);
    return LatencySummary.of(h, 0);
  }

  /** One-second intervals, none in warm-up, step 0, each receiving what it sends. */
  static List<IntervalSample> intervals(double[] receivedPerSecond, double[] e2eP50Micros) {
    return intervals(receivedPerSecond, e2eP50Micros, new double[receivedPerSecond.length], 0);
  }

  /**
   * One-second intervals with these rates, e2e medians and CPU; the first {@code warmup} in
   * warm-up.
   */
  static List<IntervalSample> intervals(
      double[] receivedPerSecond, double[] e2eP50Micros, double[] cpuPercent, int warmup) {
    List<IntervalSample> samples = new ArrayList<>();
    for (int i = 0; i < receivedPerSecond.length; i++) {
      long n = (long) receivedPerSecond[i];
      samples.add(
          new IntervalSample(
              i,
              0,
              i * 1000L,
              i,
              i + 1,
              i < warmup,
              TestResults.counts(n, 0, n),
              new Rates(n, 0, n),
              Map.of("e2e", latency(e2eP50Micros[i], Math.max(1, n))),
              cpuPercent[i],
              100 << 20));
    }
    return samples;
  }

  /** {@code n} copies of {@code value}, each nudged by a small deterministic jitter. */
  static double[] around(double value, int n) {
    double[] values = new double[n];
    for (int i = 0; i < n; i++) {
      values[i] = value * (1 + 0.02 * ((i * 7) % 5 - 2));
    }
    return values;
  }

  /** The two arrays end to end. */
  static double[] then(double[] a, double[] b) {
    double[] both = new double[a.length + b.length];
    System.arraycopy(a, 0, both, 0, a.length);
    System.arraycopy(b, 0, both, a.length, b.length);
    return both;
  }
}
