package io.brokerbench.scenario;

import java.util.Map;
import java.util.TreeMap;

/**
 * What one probe of the max-rate search measured at a target rate, over its measured span (after
 * its warm-up).
 *
 * @param targetPerSecond the rate asked for
 * @param sentPerSecond the rate producers achieved while sending
 * @param receivedPerSecond the rate consumers received at while producers were sending
 * @param sent messages sent in the measured span
 * @param received messages received while producers were sending
 * @param unconfirmedGrowth how much the number of unconfirmed messages grew over the span
 * @param latencyMicros latency percentiles by {@code KIND.PERCENTILE} ({@code e2e.p99}, {@code
 *     slip.p99}), microseconds
 * @param error the run's error when it failed, else null
 */
public record ProbeMeasurement(
    double targetPerSecond,
    double sentPerSecond,
    double receivedPerSecond,
    long sent,
    long received,
    long unconfirmedGrowth,
    Map<String, Double> latencyMicros,
    String error) {

  /** Copies the map, sorted by key. */
  public ProbeMeasurement {
    latencyMicros = java.util.Collections.unmodifiableMap(new TreeMap<>(latencyMicros));
  }

  /** A probe that could not run. */
  public static ProbeMeasurement failed(double targetPerSecond, String error) {
    return new ProbeMeasurement(targetPerSecond, 0, 0, 0, 0, 0, Map.of(), error);
  }

  /** A latency percentile in microseconds, or NaN when not measured. */
  public double latency(String metric) {
    return latencyMicros.getOrDefault(metric, Double.NaN);
  }
}
