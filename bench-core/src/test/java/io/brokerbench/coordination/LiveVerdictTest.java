package io.brokerbench.coordination;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.latency.LatencyHistograms;
import io.brokerbench.latency.LatencyKind;
import io.brokerbench.latency.LatencyRecorder;
import io.brokerbench.result.IntervalSample;
import io.brokerbench.result.MessageCounts;
import io.brokerbench.result.NotAccepted;
import io.brokerbench.result.Rates;
import io.brokerbench.result.ThresholdOutcome;
import io.brokerbench.threshold.Threshold;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class LiveVerdictTest {
  private static final long MS = 1_000_000L;

  /** An interval that sent {@code sent} messages, {@code failed} of them failed, e2e max given. */
  private static IntervalSample interval(boolean warmup, long sent, long failed) {
    MessageCounts counts =
        new MessageCounts(sent, 0, sent, new NotAccepted(0, 0, 0, failed, 0), 0, 0, 0, 0);
    return new IntervalSample(
        0, 0, 0, 0, 1, warmup, counts, Rates.of(counts, 1, 1), Map.of(), 0, -1);
  }

  private static LatencyHistograms e2e(long... nanos) {
    Histogram h = LatencyRecorder.newHistogram();
    for (long v : nanos) {
      h.recordValue(v);
    }
    return LatencyHistograms.empty().put(LatencyKind.END_TO_END, h, 0);
  }

  @Test
  void aCountCeilingFailsOnceTheRunsCountReachesItAndIsToldOnce() {
    LiveVerdict verdict = new LiveVerdict(List.of(Threshold.parse("sent < 3k")));

    assertThat(verdict.add(interval(false, 1_000, 0), e2e(MS))).isNull();
    assertThat(verdict.add(interval(false, 1_500, 0), e2e(MS))).isNull();
    ThresholdOutcome failed = verdict.add(interval(false, 600, 0), e2e(MS));

    assertThat(failed.passed()).isFalse();
    assertThat(failed.message()).isEqualTo("FAILED: sent < 3k (measured 3,100)");
    assertThat(verdict.add(interval(false, 600, 0), e2e(MS))).as("told once").isNull();
  }

  @Test
  void theWarmUpCountsForNothing() {
    LiveVerdict verdict = new LiveVerdict(List.of(Threshold.parse("failed == 0")));

    assertThat(verdict.add(interval(true, 1_000, 5), e2e(MS))).isNull();
    assertThat(verdict.add(interval(false, 1_000, 0), e2e(MS))).isNull();
    assertThat(verdict.add(interval(false, 1_000, 1), e2e(MS)).threshold())
        .isEqualTo("failed == 0");
  }

  @Test
  void aLargestLatencyCeilingFailsAtTheFirstValueAboveIt() {
    LiveVerdict verdict = new LiveVerdict(List.of(Threshold.parse("e2e.max < 50ms")));

    assertThat(verdict.add(interval(false, 3, 0), e2e(MS, 2 * MS, 40 * MS))).isNull();
    assertThat(verdict.add(interval(false, 2, 0), e2e(MS, 80 * MS)).threshold())
        .isEqualTo("e2e.max < 50ms");
  }

  @Test
  void percentilesRatesAndFloorsMayComeBackAndAreLeftToTheEnd() {
    LiveVerdict verdict =
        new LiveVerdict(
            List.of(
                Threshold.parse("e2e.p99 < 1ms"),
                Threshold.parse("sent.rate >= 1m"),
                Threshold.parse("received > 1m"),
                Threshold.parse("lost == 0")));

    assertThat(verdict.add(interval(false, 10, 0), e2e(90 * MS, 90 * MS))).isNull();
  }
}
