package io.brokerbench.htmlreport;

import io.brokerbench.result.LatencySummary;

/**
 * The percentiles a report's tables and charts show, in milliseconds; all null when there were no
 * values (shown as a blank, never as a zero latency).
 *
 * @param p50Millis median
 * @param p99Millis 99th percentile
 * @param p999Millis 99.9th percentile
 * @param maxMillis largest value
 * @param meanMillis mean (RocketMQ's benchmark reports the average send RT)
 */
record Percentiles(
    Double p50Millis, Double p99Millis, Double p999Millis, Double maxMillis, Double meanMillis) {
  static final Percentiles NONE = new Percentiles(null, null, null, null, null);

  /** The percentiles of a summary, or {@link #NONE} for a missing or empty one. */
  static Percentiles of(LatencySummary summary) {
    if (summary == null || summary.count() == 0) {
      return NONE;
    }
    return new Percentiles(
        summary.p50Micros() / 1000,
        summary.p99Micros() / 1000,
        summary.p999Micros() / 1000,
        summary.maxMicros() / 1000,
        summary.meanMicros() / 1000);
  }
}
