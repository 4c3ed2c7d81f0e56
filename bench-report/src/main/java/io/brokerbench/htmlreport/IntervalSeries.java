package io.brokerbench.htmlreport;

import io.brokerbench.result.IntervalSample;
import io.brokerbench.result.RunResult;
import java.util.List;

/**
 * A run's per-interval figures as columns, one value per interval, for the over-time charts. Each
 * value is plotted at its interval's end, the instant its counts and percentiles were taken.
 *
 * @param endSeconds interval ends, seconds since sending started
 * @param warmupEndSeconds end of the warm-up, 0 without one
 * @param sentPerSecond send rate
 * @param confirmedPerSecond confirm rate
 * @param receivedPerSecond receive rate
 * @param latencyKind which latency {@code latency} holds
 * @param latency the percentiles of each interval's leading latency ({@link LeadingLatency}): the
 *     round trip of a request-reply run, else end to end
 * @param cpuPercent client CPU, 100 per fully used core
 * @param rssMebibytes client resident set size, null where unknown
 */
record IntervalSeries(
    List<Double> endSeconds,
    double warmupEndSeconds,
    List<Double> sentPerSecond,
    List<Double> confirmedPerSecond,
    List<Double> receivedPerSecond,
    LeadingLatency latencyKind,
    List<Percentiles> latency,
    List<Double> cpuPercent,
    List<Double> rssMebibytes) {

  /** The series of a run's intervals. */
  static IntervalSeries of(RunResult result) {
    List<IntervalSample> intervals = result.intervals();
    LeadingLatency runs = LeadingLatency.of(List.of(result));
    // Connections open before the intervals start: their times are the run's, not an interval's.
    LeadingLatency leading =
        runs.equals(LeadingLatency.CONNECTION_OPEN) ? LeadingLatency.END_TO_END : runs;
    return new IntervalSeries(
        intervals.stream().map(IntervalSample::endSeconds).toList(),
        intervals.stream()
            .filter(IntervalSample::warmup)
            .mapToDouble(IntervalSample::endSeconds)
            .max()
            .orElse(0),
        intervals.stream().map(i -> i.rates().sentPerSecond()).toList(),
        intervals.stream().map(i -> i.rates().confirmedPerSecond()).toList(),
        intervals.stream().map(i -> i.rates().receivedPerSecond()).toList(),
        leading,
        intervals.stream().map(i -> leading.of(i.latency())).toList(),
        intervals.stream().map(IntervalSample::cpuPercent).toList(),
        intervals.stream()
            .map(i -> i.rssBytes() < 0 ? null : i.rssBytes() / (1024.0 * 1024.0))
            .toList());
  }
}
