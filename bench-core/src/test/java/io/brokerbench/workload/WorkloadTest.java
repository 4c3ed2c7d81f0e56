package io.brokerbench.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.brokerbench.spi.AckMode;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class WorkloadTest {
  @Test
  void negativeProducersAreRefusedWithTheValue() {
    assertThatThrownBy(() -> Workload.builder().producers(-1).build())
        .isInstanceOf(WorkloadException.class)
        .hasMessage("producers must be >= 0 (got -1)");
  }

  @Test
  void aNonPositiveRateIsRefused() {
    assertThatThrownBy(() -> RateProfile.fixed(-5))
        .hasMessage("rate must be > 0 msg/s (got -5.0); leave the rate out for an unlimited rate");
  }

  @Test
  void aRunMustEnd() {
    Workload w = Workload.builder().build();

    assertThatThrownBy(
            () ->
                new Workload(
                    w.producers(),
                    w.consumers(),
                    w.destinations(),
                    w.messageBytes(),
                    w.rate(),
                    null,
                    0,
                    0,
                    w.warmup(),
                    w.inFlightWindow(),
                    w.prefetch(),
                    w.ackMode(),
                    w.ackEvery(),
                    w.persistent(),
                    w.catchUp(),
                    w.connectionLoss(),
                    w.reportInterval(),
                    w.drainTimeout(),
                    w.progressTimeout(),
                    w.backlog(),
                    w.requestReply(),
                    w.connections()))
        .hasMessage(
            "a run must end: give a duration (--duration) or a message count (--pmessages)");
  }

  @Test
  void withoutADurationOrACountARunLastsTenSeconds() {
    assertThat(Workload.builder().duration(null).build().duration())
        .isEqualTo(Duration.ofSeconds(10));
  }

  @Test
  void aRunOfTenSecondsOrMoreLeavesItsFirstSecondOutByDefault() {
    assertThat(Workload.builder().build().warmup()).isEqualTo(Duration.ofSeconds(1));
    assertThat(Workload.builder().duration(Duration.ofMinutes(5)).build().warmup())
        .isEqualTo(Duration.ofSeconds(1));
    assertThat(
            Workload.builder().rate(RateProfile.stepped(Duration.ofSeconds(5), 100, 200)).build())
        .extracting(Workload::warmup)
        .isEqualTo(Duration.ofSeconds(1));
  }

  @Test
  void aShorterRunOrOneEndingOnACountHasNoWarmUpUnlessGiven() {
    assertThat(Workload.builder().duration(Duration.ofMillis(9_999)).build().warmup()).isZero();
    assertThat(Workload.builder().messagesPerProducer(100).build().warmup()).isZero();
    // A count with a duration: the duration is only a bound.
    assertThat(
            Workload.builder()
                .producers(0)
                .messagesPerConsumer(100)
                .duration(Duration.ofSeconds(15))
                .build()
                .warmup())
        .isZero();
    assertThat(
            Workload.builder()
                .messagesPerProducer(100)
                .warmup(Duration.ofSeconds(2))
                .build()
                .warmup())
        .isEqualTo(Duration.ofSeconds(2));
    assertThat(Workload.builder().warmup(Duration.ZERO).build().warmup()).isZero();
  }

  @Test
  void aWorkloadWithoutDurationRebuildsTheSame() {
    Workload w = Workload.builder().messagesPerProducer(100).build();

    assertThat(w.toBuilder().build()).isEqualTo(w);
  }

  @Test
  void aCountWithoutADurationEndsOnTheCount() {
    Workload w = Workload.builder().messagesPerProducer(100).build();

    assertThat(w.duration()).isNull();
  }

  @Test
  void aSteppedRateRunsForItsSteps() {
    Workload w =
        Workload.builder().rate(RateProfile.stepped(Duration.ofSeconds(5), 100, 200, 400)).build();

    assertThat(w.duration()).isEqualTo(Duration.ofSeconds(15));
  }

  @Test
  void aPatternExpandsOverItsRange() {
    Destinations d = Destinations.pattern("perf-test-%d", 1, 3);

    assertThat(d.names()).containsExactly("perf-test-1", "perf-test-2", "perf-test-3");
  }

  @Test
  void aPatternWithoutPlaceholderIsRefused() {
    assertThatThrownBy(() -> Destinations.pattern("perf-test", 1, 3))
        .hasMessage("destination pattern 'perf-test' must contain exactly one %d");
  }

  @Test
  void anOversizedWindowIsRefused() {
    assertThatThrownBy(() -> Workload.builder().inFlightWindow(Integer.MAX_VALUE).build())
        .hasMessageStartingWith("in-flight window must be between 0 (no confirms) and 1048576");
  }

  @Test
  void multipleAcksNeedABatch() {
    assertThatThrownBy(() -> Workload.builder().ack(AckMode.MULTIPLE, 0).build())
        .hasMessage("ack-every must be >= 1 with multiple acks (got 0)");
  }
}
