package io.brokerbench.report;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One reporting interval.
 *
 * @param index 0-based interval number
 * @param startSeconds interval start, seconds since the run started sending
 * @param endSeconds interval end
 * @param warmup true when the interval falls in the warm-up and is excluded from totals
 * @param sent messages sent in the interval
 * @param confirmed messages the broker confirmed (accepted) in the interval
 * @param received messages consumers received in the interval
 * @param rejected messages the broker refused in the interval (nack, rejected, RocketMQ response
 *     failure)
 * @param failed sends that failed in the client in the interval
 * @param retried attempts the driver made again after a failed one in the interval (a message sent
 *     three times counts two)
 * @param sentPerSecond send rate
 * @param confirmedPerSecond confirm rate
 * @param receivedPerSecond receive rate
 * @param latency latency summaries by {@link io.brokerbench.latency.LatencyKind#key()}; kinds with
 *     no values in the run are absent
 * @param cpuPercent client process CPU over the interval, 100 per fully used core
 * @param rssBytes client process resident set size at the end of the interval, or -1 if unknown
 */
public record IntervalSample(
    int index,
    double startSeconds,
    double endSeconds,
    boolean warmup,
    long sent,
    long confirmed,
    long received,
    long rejected,
    long failed,
    long retried,
    double sentPerSecond,
    double confirmedPerSecond,
    double receivedPerSecond,
    Map<String, LatencySummary> latency,
    double cpuPercent,
    long rssBytes) {

  /** Copies the map. */
  public IntervalSample {
    latency = Collections.unmodifiableMap(new LinkedHashMap<>(latency));
  }
}
