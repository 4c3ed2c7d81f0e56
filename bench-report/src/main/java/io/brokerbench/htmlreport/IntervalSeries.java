package io.brokerbench.htmlreport;

import io.brokerbench.result.BrokerLoadSample;
import io.brokerbench.result.IntervalSample;
import io.brokerbench.result.RunResult;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;

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
 * @param broker the broker's own load per interval, null where it was not read
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
    List<Double> rssMebibytes,
    Broker broker) {

  /**
   * The broker's own load per interval; each value null where the interval has none.
   *
   * @param cpuPercent the broker's CPU, 100 per fully used core
   * @param memoryMebibytes memory in use at the interval's end
   * @param networkInMegabytesPerSecond bytes in, MB/s
   * @param networkOutMegabytesPerSecond bytes out, MB/s
   * @param diskWriteMegabytesPerSecond bytes written to disk, MB/s
   */
  record Broker(
      List<Double> cpuPercent,
      List<Double> memoryMebibytes,
      List<Double> networkInMegabytesPerSecond,
      List<Double> networkOutMegabytesPerSecond,
      List<Double> diskWriteMegabytesPerSecond) {

    private static Broker of(List<IntervalSample> intervals) {
      if (intervals.stream().noneMatch(i -> i.broker().known())) {
        return null;
      }
      return new Broker(
          column(intervals, b -> b.cpuPercent(), 1),
          column(intervals, b -> b.memoryBytes(), 1024.0 * 1024.0),
          column(intervals, b -> b.networkInBytesPerSecond(), 1e6),
          column(intervals, b -> b.networkOutBytesPerSecond(), 1e6),
          column(intervals, b -> b.diskWriteBytesPerSecond(), 1e6));
    }

    /** A figure of every interval divided by {@code unit}; null where unknown (-1). */
    private static List<Double> column(
        List<IntervalSample> intervals, ToDoubleFunction<BrokerLoadSample> figure, double unit) {
      List<Double> values = new ArrayList<>();
      for (IntervalSample i : intervals) {
        double v = figure.applyAsDouble(i.broker());
        values.add(v < 0 ? null : v / unit);
      }
      return values;
    }
  }

  /** The series of a run's intervals. */
  static IntervalSeries of(RunResult result) {
    List<IntervalSample> intervals = result.figures().intervals();
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
            .toList(),
        Broker.of(intervals));
  }
}
