package io.brokerbench.internal.measure;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.result.BrokerLoad;
import io.brokerbench.result.BrokerNodeLoad;
import io.brokerbench.result.IntervalSample;
import io.brokerbench.result.MessageCounts;
import io.brokerbench.result.Rates;
import io.brokerbench.result.Warning;
import io.brokerbench.spi.BrokerNodeReading;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BrokerLoadSeriesTest {
  private static final long START = 1_000_000_000L;
  private static final long SECOND = 1_000_000_000L;

  /** A node that uses 500 ms of CPU, 1 MB in, 2 MB out and 3 MB of disk per second. */
  private static BrokerNodeReading node(String name, int second, long memory, long queued) {
    return new BrokerNodeReading(
        name,
        10_000 + 500L * second,
        memory,
        1_000_000L * second,
        2_000_000L * second,
        3_000_000L * second,
        queued,
        second == 2 ? List.of("memory") : List.of());
  }

  private static BrokerLoadSampler.Reading at(double seconds, BrokerNodeReading... nodes) {
    return new BrokerLoadSampler.Reading(START + (long) (seconds * SECOND), List.of(nodes));
  }

  private static IntervalSample interval(int index, boolean warmup) {
    return new IntervalSample(
        index,
        0,
        0,
        index,
        index + 1,
        warmup,
        MessageCounts.ZERO,
        Rates.of(MessageCounts.ZERO, 1, 1),
        Map.of(),
        10,
        -1);
  }

  private static BrokerLoadSeries series(int failures, BrokerLoadSampler.Reading... readings) {
    return new BrokerLoadSeries(
        new BrokerLoadSampler.Readings(
            "Prometheus endpoint http://127.0.0.1:15692/metrics",
            List.of(readings),
            failures,
            failures > 0 ? "its Prometheus endpoint (HttpTimeoutException)" : null,
            Map.of("binary", 5L)),
        START);
  }

  @Test
  void anIntervalGetsTheDifferenceOfTheReadingsAtItsEndsSummedOverNodes() {
    BrokerLoadSeries series =
        series(
            0,
            at(0.01, node("a", 0, 100, 0), node("b", 0, 200, 1)),
            at(1.02, node("a", 1, 110, 5), node("b", 1, 210, 6)),
            at(1.98, node("a", 2, 120, 7), node("b", 2, 220, 8)));

    List<IntervalSample> intervals =
        series.intervals(List.of(interval(0, false), interval(1, false)));

    // Two nodes of 500 ms CPU per second each, over 1.01 s and 0.96 s.
    assertThat(intervals.get(0).broker().cpuPercent()).isCloseTo(2 * 500 / 1.01 / 10, within());
    assertThat(intervals.get(0).broker().memoryBytes()).isEqualTo(320);
    assertThat(intervals.get(0).broker().queuedMessages()).isEqualTo(11);
    assertThat(intervals.get(0).broker().networkInBytesPerSecond()).isCloseTo(2e6 / 1.01, within());
    assertThat(intervals.get(0).broker().networkOutBytesPerSecond())
        .isCloseTo(4e6 / 1.01, within());
    assertThat(intervals.get(0).broker().diskWriteBytesPerSecond()).isCloseTo(6e6 / 1.01, within());
    assertThat(intervals.get(0).broker().alarms()).isEmpty();
    assertThat(intervals.get(1).broker().cpuPercent()).isCloseTo(2 * 500 / 0.96 / 10, within());
    assertThat(intervals.get(1).broker().alarms()).containsExactly("memory");
  }

  @Test
  void anIntervalWithoutAReadingNearOneOfItsEndsHasNoBrokerFigures() {
    BrokerLoadSeries series = series(1, at(0, node("a", 0, 100, 0)), at(1, node("a", 1, 100, 0)));

    List<IntervalSample> intervals =
        series.intervals(List.of(interval(0, false), interval(1, false), interval(2, false)));

    assertThat(intervals.get(0).broker().known()).isTrue();
    assertThat(intervals.get(1).broker().known()).isFalse();
    assertThat(intervals.get(2).broker().known()).isFalse();
  }

  @Test
  void theSummarySpansTheMeasuredWindowPerNodeAndForAll() {
    BrokerLoadSeries series =
        series(
            0,
            at(0, node("a", 0, 5_000, 99), node("b", 0, 200, 0)),
            at(1, node("a", 1, 900, 50), node("b", 1, 200, 0)),
            at(2, node("a", 2, 150, 3), node("b", 2, 250, 4)),
            at(3, node("a", 3, 160, 0), node("b", 3, 260, 0)));
    List<IntervalSample> intervals =
        series.intervals(List.of(interval(0, true), interval(1, false), interval(2, false)));

    BrokerLoad load = series.summary(1, intervals);

    assertThat(load.readings()).isEqualTo(4);
    assertThat(load.source()).startsWith("Prometheus endpoint");
    assertThat(load.memoryBreakdown()).containsEntry("binary", 5L);
    BrokerNodeLoad all = load.total();
    assertThat(all.node()).isEqualTo(BrokerNodeLoad.ALL);
    assertThat(all.cpuPercentMean()).isCloseTo(100, within());
    assertThat(all.cpuPercentMax()).isCloseTo(100, within());
    // From the reading at the warm-up's end (1 s) on: the 5,200 before it is left out.
    assertThat(all.memoryBytesMax()).isEqualTo(1100);
    assertThat(all.memoryBytesEnd()).isEqualTo(420);
    assertThat(all.networkInBytesPerSecond()).isCloseTo(2e6, within());
    assertThat(all.queuedMessagesMax()).isEqualTo(50);
    assertThat(all.alarms()).containsExactly("memory");
    assertThat(load.nodes()).extracting(BrokerNodeLoad::node).containsExactly("a", "b");
    assertThat(load.nodes().get(0).cpuPercentMean()).isCloseTo(50, within());
    assertThat(load.nodes().get(1).memoryBytesEnd()).isEqualTo(260);
    assertThat(load.describe().get(0))
        .isEqualTo(
            "broker: CPU 100% (busiest interval 100%), memory 0.0 MB (most 0.0 MB), network in"
                + " 2.0 MB/s, out 4.0 MB/s, disk writes 6.0 MB/s, at most 50 queued, alarms on:"
                + " memory (Prometheus endpoint http://127.0.0.1:15692/metrics)");
    assertThat(load.describe()).hasSize(3);
  }

  @Test
  void aFigureNoNodeGivesStaysUnknown() {
    BrokerNodeReading before = new BrokerNodeReading("p", 1_000, 5_000, -1, -1, 0, -1, List.of());
    BrokerNodeReading after = new BrokerNodeReading("p", 1_500, 6_000, -1, -1, 10, -1, List.of());
    BrokerLoadSeries series = series(0, at(0, before), at(1, after));

    List<IntervalSample> intervals = series.intervals(List.of(interval(0, false)));
    BrokerLoad load = series.summary(0, intervals);

    assertThat(intervals.get(0).broker().networkInBytesPerSecond()).isEqualTo(-1);
    assertThat(intervals.get(0).broker().queuedMessages()).isEqualTo(-1);
    assertThat(load.total().cpuPercentMean()).isCloseTo(50, within());
    assertThat(load.total().describe()).doesNotContain("network").doesNotContain("queued");
    // A process read without its CPU (or two readings of differently named nodes): unknown, -1.
    BrokerLoadSeries noCpu =
        series(
            0,
            at(0, new BrokerNodeReading("p", -1, 5_000, -1, -1, 0, -1, List.of())),
            at(1, new BrokerNodeReading("p", -1, 6_000, -1, -1, 10, -1, List.of())));
    BrokerLoad withoutCpu = noCpu.summary(0, noCpu.intervals(List.of(interval(0, false))));
    assertThat(withoutCpu.total().cpuPercentMean()).isEqualTo(-1);
    assertThat(withoutCpu.total().describe()).startsWith("memory");
  }

  @Test
  void aCounterThatWentBackCountsFromZero() {
    // A node restarted between the readings: its CPU counter starts again.
    BrokerLoadSeries series =
        series(
            0,
            at(0, new BrokerNodeReading("a", 90_000, 1, 0, 0, 0, 0, List.of())),
            at(1, new BrokerNodeReading("a", 300, 1, 0, 0, 0, 0, List.of())));

    List<IntervalSample> intervals = series.intervals(List.of(interval(0, false)));

    assertThat(intervals.get(0).broker().cpuPercent()).isCloseTo(30, within());
  }

  @Test
  void failedReadingsAreAWarningNotAFailure() {
    assertThat(series(0, at(0, node("a", 0, 1, 0))).warning()).isNull();
    Warning some = series(2, at(0, node("a", 0, 1, 0)), at(1, node("a", 1, 1, 0))).warning();
    assertThat(some.code()).isEqualTo(Warning.BROKER_LOAD);
    assertThat(some.message())
        .startsWith("BROKER_LOAD: 2 of 4 readings of the broker's load failed")
        .endsWith("its Prometheus endpoint (HttpTimeoutException)");
    Warning none = series(3).warning();
    assertThat(none.message())
        .isEqualTo(
            "BROKER_LOAD: the broker's own load was not measured: its Prometheus endpoint"
                + " (HttpTimeoutException)");
    assertThat(series(3).summary(0, new ArrayList<>()).measured()).isFalse();
  }

  private static org.assertj.core.data.Offset<Double> within() {
    return org.assertj.core.data.Offset.offset(0.01);
  }
}
