package io.brokerbench.scenario;

import io.brokerbench.threshold.Metric;
import io.brokerbench.threshold.Threshold;
import io.brokerbench.threshold.ThresholdException;
import io.brokerbench.workload.WorkloadException;
import java.time.Duration;
import java.util.List;

/**
 * A latency bound a rate must keep to count as sustainable, written {@code KIND.PERCENTILE <
 * DURATION}: {@code e2e.p99 < 10ms} (end to end from the intended send time, so a backlog shows).
 *
 * @param metric {@code KIND.PERCENTILE} as {@link ProbeMeasurement#latencyMicros()} keys it
 * @param bound the value the percentile must stay below
 */
public record LatencyObjective(String metric, Duration bound) {
  /** The percentiles an objective may name. */
  public static final List<String> PERCENTILES = List.of("p50", "p90", "p99", "p999", "max");

  /**
   * Parses {@code e2e.p99 < 10ms}: a threshold ({@link Threshold}) on a latency percentile, with an
   * upper bound.
   *
   * @throws WorkloadException saying what to write instead
   */
  public static LatencyObjective parse(String text) {
    Threshold threshold;
    try {
      threshold = Threshold.parse(text);
    } catch (ThresholdException e) {
      throw new WorkloadException(
          "'" + text.trim() + "' is not a latency objective: " + e.getMessage());
    }
    String[] kindAndStat = threshold.metric().name().split("\\.", 2);
    String percentile = kindAndStat.length == 2 ? kindAndStat[1].replace(".", "") : "";
    boolean upperBound =
        threshold.comparison() == Threshold.Comparison.LESS
            || threshold.comparison() == Threshold.Comparison.AT_MOST;
    if (threshold.metric().quantity() != Metric.Quantity.LATENCY
        || threshold.metric().step() >= 0
        || threshold.relative()
        || !upperBound
        || !PERCENTILES.contains(percentile)) {
      throw new WorkloadException(
          "'"
              + text.trim()
              + "' is not a latency objective: write KIND.PERCENTILE < DURATION with a percentile"
              + " of "
              + String.join(", ", PERCENTILES)
              + ", e.g. e2e.p99 < 10ms");
    }
    return new LatencyObjective(
        kindAndStat[0] + "." + percentile, Duration.ofNanos(Math.round(threshold.bound() * 1_000)));
  }

  /**
   * The share of messages above the objective's percentile: 0.01 for a p99, 0.001 for a p99.9; NaN
   * for the maximum, which no number of messages measures better.
   */
  public double tailShare() {
    return switch (metric.substring(metric.indexOf('.') + 1)) {
      case "p50" -> 0.5;
      case "p90" -> 0.1;
      case "p99" -> 0.01;
      case "p999" -> 0.001;
      default -> Double.NaN;
    };
  }

  /** The bound in microseconds. */
  public double boundMicros() {
    return bound.toNanos() / 1000.0;
  }

  @Override
  public String toString() {
    return metric + " < " + LatencyText.text(boundMicros());
  }
}
