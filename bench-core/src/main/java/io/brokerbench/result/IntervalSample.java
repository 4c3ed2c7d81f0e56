package io.brokerbench.result;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One reporting interval. Intervals end on multiples of the interval length since the Unix epoch,
 * so the intervals of several processes line up; the CSV rows and the HdrHistogram log's entries
 * are cut at the same instants.
 *
 * @param index 0-based interval number
 * @param step the rate step the interval belongs to (0 without steps)
 * @param startEpochMillis interval start, milliseconds since the Unix epoch
 * @param startSeconds interval start, seconds since the run started sending
 * @param endSeconds interval end
 * @param warmup true when the interval falls in the warm-up and is excluded from totals
 * @param counts what happened to messages in the interval ({@code unconfirmed}: at its end)
 * @param rates rates over the interval
 * @param latency latency summaries by {@link io.brokerbench.latency.LatencyKind#key()}; kinds with
 *     no values in the interval are absent
 * @param cpuPercent client process CPU over the interval, 100 per fully used core
 * @param rssBytes client process resident set size at the end of the interval, or -1 if unknown
 * @param broker the broker's own load over the interval ({@link BrokerLoadSample#NONE} when it was
 *     not read)
 */
public record IntervalSample(
    int index,
    int step,
    long startEpochMillis,
    double startSeconds,
    double endSeconds,
    boolean warmup,
    MessageCounts counts,
    Rates rates,
    Map<String, LatencySummary> latency,
    double cpuPercent,
    long rssBytes,
    BrokerLoadSample broker) {

  /** Copies the map. */
  public IntervalSample {
    latency = Collections.unmodifiableMap(new LinkedHashMap<>(latency));
    broker = broker == null ? BrokerLoadSample.NONE : broker;
  }

  /** An interval whose broker load is not known (yet): the figures the generator measures alone. */
  public IntervalSample(
      int index,
      int step,
      long startEpochMillis,
      double startSeconds,
      double endSeconds,
      boolean warmup,
      MessageCounts counts,
      Rates rates,
      Map<String, LatencySummary> latency,
      double cpuPercent,
      long rssBytes) {
    this(
        index,
        step,
        startEpochMillis,
        startSeconds,
        endSeconds,
        warmup,
        counts,
        rates,
        latency,
        cpuPercent,
        rssBytes,
        BrokerLoadSample.NONE);
  }

  /** This interval with the broker's load over it. */
  public IntervalSample withBroker(BrokerLoadSample load) {
    return new IntervalSample(
        index,
        step,
        startEpochMillis,
        startSeconds,
        endSeconds,
        warmup,
        counts,
        rates,
        latency,
        cpuPercent,
        rssBytes,
        load);
  }

  /** Length of the interval in seconds. */
  public double seconds() {
    return endSeconds - startSeconds;
  }
}
