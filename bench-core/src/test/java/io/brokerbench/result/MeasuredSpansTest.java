package io.brokerbench.result;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.BenchmarkRun;
import io.brokerbench.latency.LatencyKind;
import io.brokerbench.workload.RateProfile;
import io.brokerbench.workload.Workload;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A real-time loopback sweep with a warm-up: over the measured part and over every rate step, each
 * latency kind's histogram holds exactly one value per message it describes, and the steps are
 * computed from their own histograms.
 */
class MeasuredSpansTest {
  private static final Duration INTERVAL = Duration.ofMillis(200);
  private static RunResult result;

  @BeforeAll
  static void sweep() throws Exception {
    Workload workload =
        Workload.builder()
            .rate(RateProfile.stepped(Duration.ofMillis(800), 2_000, 6_000))
            .warmup(Duration.ofMillis(400))
            .reportInterval(INTERVAL)
            .inFlightWindow(64)
            .build();
    result = BenchmarkRun.builder(workload).driver("loopback").build().run();
    ResultSchema.assertValid(result);
  }

  private static void assertCountsMatchHistograms(
      MessageCounts counts, Map<String, LatencySummary> latency) {
    assertThat(count(latency, LatencyKind.SCHEDULE_SLIP)).isEqualTo(counts.sent());
    assertThat(count(latency, LatencyKind.CONFIRM)).isEqualTo(counts.confirmed());
    assertThat(count(latency, LatencyKind.CONFIRM_FROM_SEND)).isEqualTo(counts.confirmed());
    assertThat(count(latency, LatencyKind.END_TO_END)).isEqualTo(counts.received());
    assertThat(count(latency, LatencyKind.END_TO_END_FROM_SEND)).isEqualTo(counts.received());
  }

  private static long count(Map<String, LatencySummary> latency, LatencyKind kind) {
    LatencySummary s = latency.get(kind.key());
    return s == null ? 0 : s.count() + s.negative();
  }

  @Test
  void latencyCountsEqualMessageCountsOverTheMeasuredPart() {
    assertThat(result.ending().status()).isEqualTo(RunResult.COMPLETED);
    assertThat(result.figures().totals().counts().sent()).isPositive();
    assertCountsMatchHistograms(result.figures().totals().counts(), result.figures().latency());
    // The warm-up's messages are in neither.
    long warmupSent =
        result.figures().intervals().stream()
            .filter(IntervalSample::warmup)
            .mapToLong(i -> i.counts().sent())
            .sum();
    assertThat(warmupSent).isPositive();
    long allSent = result.figures().intervals().stream().mapToLong(i -> i.counts().sent()).sum();
    assertThat(result.figures().totals().counts().sent()).isEqualTo(allSent - warmupSent);
  }

  @Test
  void eachStepHasItsOwnCountsAndHistograms() {
    assertThat(result.figures().steps()).hasSize(2);
    StepResult slow = result.figures().steps().get(0);
    StepResult fast = result.figures().steps().get(1);
    assertThat(slow.targetPerSecond()).isEqualTo(2_000);
    assertThat(fast.targetPerSecond()).isEqualTo(6_000);
    for (StepResult step : result.figures().steps()) {
      assertCountsMatchHistograms(step.totals().counts(), step.latency());
    }
    assertThat(slow.totals().counts().sent() + fast.totals().counts().sent())
        .isEqualTo(result.figures().totals().counts().sent());
    // Step 0 loses its first 400 ms to the warm-up; step 1 runs 800 ms at three times the rate.
    assertThat(fast.totals().counts().sent()).isGreaterThan(3 * slow.totals().counts().sent());
    long fastIntervals = result.figures().intervals().stream().filter(i -> i.step() == 1).count();
    assertThat(fastIntervals).isGreaterThanOrEqualTo(4);
  }

  @Test
  void intervalsFollowOneAnotherFromTheStart() {
    long first = result.figures().intervals().get(0).startEpochMillis();
    for (IntervalSample i : result.figures().intervals()) {
      assertThat(i.startEpochMillis()).isEqualTo(first + i.index() * INTERVAL.toMillis());
    }
    assertThat(result.figures().intervals().get(0).warmup()).isTrue();
    assertThat(result.figures().intervals().get(1).warmup()).isTrue();
    assertThat(result.figures().intervals().get(2).warmup()).isFalse();
  }

  @Test
  void aStepThatIsNotAWholeNumberOfIntervalsIsRefused() {
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () ->
                Workload.builder()
                    .rate(RateProfile.stepped(Duration.ofMillis(1_500), 100, 200))
                    .build())
        .hasMessage(
            "rate step duration 1500 ms is not a whole number of reporting intervals (1000 ms):"
                + " change --step-duration or --interval");
  }
}
