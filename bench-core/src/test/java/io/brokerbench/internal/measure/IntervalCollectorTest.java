package io.brokerbench.internal.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.brokerbench.latency.LatencyKind;
import io.brokerbench.latency.LatencyRecorder;
import io.brokerbench.rate.ManualNanoClock;
import io.brokerbench.result.IntervalSample;
import io.brokerbench.result.MessageCounts;
import io.brokerbench.workload.RateProfile;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Interval cutting and the warm-up against a manual clock: what each cut counts, where it is said
 * to start and end, which span it joins, and the sliver at the end that is not an interval.
 */
class IntervalCollectorTest {
  private static final long MS = 1_000_000L;
  private static final long EPOCH = 1_700_000_000_000L * MS;

  private final ManualNanoClock clock = new ManualNanoClock(5_000 * MS, EPOCH);
  private final RunRecorders recorders = new RunRecorders(1);
  private final LatencyRecorder.Writer slip = recorders.writer(recorders.slip);
  private final LatencyRecorder.Writer e2e = recorders.writer(recorders.endToEnd);

  private IntervalCollector collector(long warmupIntervals, RateProfile rate) {
    return new IntervalCollector(
        recorders,
        () -> MessageCounts.ZERO,
        clock,
        clock.nanoTime(),
        1_000 * MS,
        warmupIntervals,
        rate);
  }

  /** {@code n} messages sent and received, each 2 ms end to end. */
  private void moved(int n) {
    for (int i = 0; i < n; i++) {
      slip.record(0);
      e2e.record(2 * MS, 2 * MS);
    }
  }

  @Test
  void theWarmUpIsCountedInItsIntervalAndLeftOutOfTheMeasuredSpan() {
    IntervalCollector collector = collector(1, RateProfile.fixed(1_000));

    moved(300);
    clock.advance(1_000 * MS);
    IntervalSample first = collector.collect().sample();
    moved(500);
    clock.advance(1_000 * MS);
    IntervalSample second = collector.collect().sample();

    assertThat(first.warmup()).isTrue();
    assertThat(first.counts().sent()).isEqualTo(300);
    assertThat(second.warmup()).isFalse();
    assertThat(second.counts().received()).isEqualTo(500);
    assertThat(second.rates().receivedPerSecond()).isEqualTo(500.0);
    assertThat(second.startSeconds()).isEqualTo(1.0);
    assertThat(second.endSeconds()).isEqualTo(2.0);
    // Labelled by its nominal start on the epoch, so that several processes' intervals line up.
    assertThat(second.startEpochMillis()).isEqualTo(1_700_000_000_000L + 5_000 + 1_000);
    assertThat(collector.measured().counts().sent()).isEqualTo(500);
    assertThat(collector.measured().latency().count(LatencyKind.END_TO_END)).isEqualTo(500);
    assertThat(collector.warmupEndNanos()).isEqualTo(6_000 * MS);
  }

  @Test
  void aSliverWithNothingInItIsNoIntervalButAShortLastOneWithMessagesIs() {
    IntervalCollector collector = collector(0, RateProfile.fixed(1_000));
    moved(100);
    clock.advance(1_000 * MS);
    collector.collect();

    clock.advance(100 * MS);
    assertThat(collector.collectLast()).as("100 ms with nothing in it").isNull();

    moved(40);
    clock.advance(200 * MS);
    IntervalSample last = collector.collectLast().sample();
    assertThat(last.index()).isEqualTo(1);
    assertThat(last.counts().sent()).isEqualTo(40);
    assertThat(last.startSeconds()).isEqualTo(1.0);
    assertThat(last.endSeconds()).isEqualTo(1.3);
    assertThat(last.rates().sentPerSecond()).isEqualTo(40 / 0.3, within(1e-9));
    assertThat(collector.samples()).hasSize(2);
  }

  @Test
  void aConfirmLandingDuringTheLastCutIsCountedInTheLastInterval() {
    LatencyRecorder.Writer confirm = recorders.writer(recorders.confirm);
    // 10 sent, 9 confirmed before the end; the tenth confirm comes while the last cut is being
    // made (the counters' second read: after the histograms were swapped), so the counters moved
    // and no longer count it as unconfirmed: the cut is made again and takes its value.
    int[] reads = {0};
    IntervalCollector collector =
        new IntervalCollector(
            recorders,
            () -> {
              reads[0]++;
              if (reads[0] == 2) {
                confirm.record(3 * MS, 3 * MS);
                return counts(10, 10, 0);
              }
              return reads[0] == 1 ? counts(10, 9, 1) : counts(10, 10, 0);
            },
            clock,
            clock.nanoTime(),
            1_000 * MS,
            0,
            RateProfile.fixed(1_000));
    for (int i = 0; i < 10; i++) {
      slip.record(0);
    }
    for (int i = 0; i < 9; i++) {
      confirm.record(3 * MS, 3 * MS);
    }
    clock.advance(1_000 * MS);

    MessageCounts last = collector.collectLast().sample().counts();

    assertThat(last.sent()).isEqualTo(10);
    assertThat(last.confirmed() + last.unconfirmed()).isEqualTo(10);
    assertThat(last.confirmed()).isEqualTo(10);
  }

  private static MessageCounts counts(long sent, long confirmed, long unconfirmed) {
    return new MessageCounts(
        sent, confirmed, 0, MessageCounts.ZERO.notAccepted(), 0, 0, 0, unconfirmed);
  }

  @Test
  void eachIntervalJoinsTheSpanOfItsRateStep() {
    IntervalCollector collector =
        collector(0, RateProfile.stepped(Duration.ofSeconds(2), 1_000, 2_000));
    for (int n : new int[] {100, 200, 300, 400}) {
      moved(n);
      clock.advance(1_000 * MS);
      collector.collect();
    }

    assertThat(collector.samples()).extracting(IntervalSample::step).containsExactly(0, 0, 1, 1);
    assertThat(collector.steps().get(0).counts().sent()).isEqualTo(300);
    assertThat(collector.steps().get(1).counts().sent()).isEqualTo(700);
    assertThat(collector.measured().counts().sent()).isEqualTo(1_000);
  }
}
