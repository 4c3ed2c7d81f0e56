package io.brokerbench.htmlreport;

import io.brokerbench.latency.LatencyKind;
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
 * @param e2e end-to-end latency percentiles of each interval
 * @param cpuPercent client CPU, 100 per fully used core
 * @param rssMebibytes client resident set size, null where unknown
 */
record IntervalSeries(
    List<Double> endSeconds,
    double warmupEndSeconds,
    List<Double> sentPerSecond,
    List<Double> confirmedPerSecond,
    List<Double> receivedPerSecond,
    List<Percentiles> e2e,
    List<Double> cpuPercent,
    List<Double> rssMebibytes) {

  /** The series of a run's intervals. */
  static IntervalSeries of(RunResult result) {
    List<IntervalSample> intervals = result.intervals();
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
        intervals.stream()
            .map(i -> Percentiles.of(i.latency().get(LatencyKind.END_TO_END.key())))
            .toList(),
        intervals.stream().map(IntervalSample::cpuPercent).toList(),
        intervals.stream()
            .map(i -> i.rssBytes() < 0 ? null : i.rssBytes() / (1024.0 * 1024.0))
            .toList());
  }
}
