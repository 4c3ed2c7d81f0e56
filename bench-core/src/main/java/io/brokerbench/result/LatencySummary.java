package io.brokerbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.brokerbench.latency.HistogramCodec;
import io.brokerbench.latency.LatencyHistograms;
import io.brokerbench.latency.LatencyKind;
import io.brokerbench.latency.LatencyRecorder;
import java.util.LinkedHashMap;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Percentiles of one latency histogram, in microseconds.
 *
 * @param count values recorded (not counting negative ones)
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
 * @param histogram every value recorded, as {@link HistogramCodec} encodes it (in nanoseconds), so
 *     that spans and processes add up exactly; only in totals and rate steps, null in intervals
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
    long clamped,
    @JsonInclude(JsonInclude.Include.NON_NULL) String histogram) {

  /** Summarizes a histogram of nanosecond values, without keeping it. */
  public static LatencySummary of(Histogram h, long negative) {
    return of(h, negative, null);
  }

  /** Summarizes one kind of these histograms and keeps the histogram in the summary. */
  public static LatencySummary withHistogram(LatencyHistograms histograms, LatencyKind kind) {
    Histogram h = histograms.histogram(kind);
    return of(h, histograms.negative(kind), HistogramCodec.encode(h));
  }

  /** Summaries, with their histograms, of the kinds that have values, by kind key. */
  public static Map<String, LatencySummary> allWithHistograms(LatencyHistograms histograms) {
    Map<String, LatencySummary> summaries = new LinkedHashMap<>();
    for (LatencyKind kind : LatencyKind.values()) {
      if (histograms.count(kind) > 0) {
        summaries.put(kind.key(), withHistogram(histograms, kind));
      }
    }
    return summaries;
  }

  /** This summary without its histogram (as intervals carry them). */
  public LatencySummary withoutHistogram() {
    return new LatencySummary(
        count,
        minMicros,
        meanMicros,
        p25Micros,
        p50Micros,
        p75Micros,
        p90Micros,
        p95Micros,
        p99Micros,
        p999Micros,
        p9999Micros,
        maxMicros,
        negative,
        clamped,
        null);
  }

  /** The histogram this summary carries, decoded. */
  public Histogram decodedHistogram() {
    if (histogram == null) {
      throw new IllegalStateException("this latency summary carries no histogram");
    }
    return HistogramCodec.decode(histogram);
  }

  private static LatencySummary of(Histogram h, long negative, String encoded) {
    long clamped = LatencyRecorder.clampedCount(h);
    if (h.getTotalCount() == 0) {
      return new LatencySummary(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, negative, clamped, encoded);
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
        clamped,
        encoded);
  }

  private static double micros(long nanos) {
    return nanos / 1000.0;
  }
}
