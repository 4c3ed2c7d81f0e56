package io.brokerbench.report;

import org.HdrHistogram.Histogram;

/**
 * Percentiles of one latency histogram, in microseconds.
 *
 * @param count values recorded
 * @param minMicros smallest value
 * @param meanMicros mean
 * @param p25Micros 25th percentile
 * @param p50Micros 50th percentile (median)
 * @param p75Micros 75th percentile
 * @param p90Micros 90th percentile
 * @param p95Micros 95th percentile
 * @param p99Micros 99th percentile
 * @param p999Micros 99.9th percentile
 * @param p9999Micros 99.99th percentile
 * @param maxMicros largest value
 * @param negative values below zero (clocks disagree), counted and not recorded
 * @param clamped values above one hour, recorded as one hour
 */
public record LatencySummary(
    long count,
    double minMicros,
    double meanMicros,
    double p25Micros,
    double p50Micros,
    double p75Micros,
    double p90Micros,
    double p95Micros,
    double p99Micros,
    double p999Micros,
    double p9999Micros,
    double maxMicros,
    long negative,
    long clamped) {

  /** Summarizes a histogram of nanosecond values. */
  public static LatencySummary of(Histogram h, long negative, long clamped) {
    if (h.getTotalCount() == 0) {
      return new LatencySummary(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, negative, clamped);
    }
    return new LatencySummary(
        h.getTotalCount(),
        micros(h.getMinValue()),
        h.getMean() / 1000.0,
        micros(h.getValueAtPercentile(25)),
        micros(h.getValueAtPercentile(50)),
        micros(h.getValueAtPercentile(75)),
        micros(h.getValueAtPercentile(90)),
        micros(h.getValueAtPercentile(95)),
        micros(h.getValueAtPercentile(99)),
        micros(h.getValueAtPercentile(99.9)),
        micros(h.getValueAtPercentile(99.99)),
        micros(h.getMaxValue()),
        negative,
        clamped);
  }

  private static double micros(long nanos) {
    return nanos / 1000.0;
  }
}
