package io.brokerbench;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.latency.LatencyKind;
import io.brokerbench.result.BacklogResult;
import io.brokerbench.result.LatencySummary;
import io.brokerbench.result.ResultSchema;
import io.brokerbench.result.RunResult;
import io.brokerbench.workload.Backlog;
import io.brokerbench.workload.Workload;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A backlog run: producers alone until the broker holds the backlog, then consumers drain it; the
 * result has the fill and the drain, and the messages' age while draining.
 */
class BacklogTest {
  @Test
  void consumersStartOnceTheBacklogIsQueuedAndDrainIt() throws Exception {
    // 2,000 msg/s: the 1,000-message backlog takes about 0.5 s; producers go on for 1.5 s.
    Workload workload =
        Workload.builder()
            .rate(2_000)
            .duration(Duration.ofMillis(1_500))
            .reportInterval(Duration.ofMillis(500))
            .inFlightWindow(100)
            .backlog(new Backlog(1_000, false))
            .build();

    RunResult result = BenchmarkRun.builder(workload).driver("loopback").build().run();

    ResultSchema.assertValid(result);
    BacklogResult backlog = result.backlog();
    assertThat(backlog.present()).isTrue();
    assertThat(backlog.queued()).isBetween(1_000L, 1_100L);
    assertThat(backlog.fillSeconds()).isBetween(0.45, 1.0);
    assertThat(backlog.fillPerSecond()).isBetween(1_000.0, 2_500.0);
    assertThat(backlog.drained()).isTrue();
    assertThat(backlog.drainSeconds()).isLessThan(0.5);
    assertThat(result.integrity().lost()).isZero();
    assertThat(result.totals().counts().received()).isEqualTo(3_000);
    // The first message waited the whole fill; later ones less.
    LatencySummary age = result.latency().get(LatencyKind.BACKLOG_AGE.key());
    assertThat(age.count()).isGreaterThanOrEqualTo(backlog.queued());
    assertThat(age.maxMicros()).isGreaterThan(backlog.fillSeconds() * 0.9e6);
    assertThat(age.p50Micros()).isLessThan(age.maxMicros());
  }

  @Test
  void producersThatStopSendOnlyTheBacklog() throws Exception {
    Workload workload =
        Workload.builder()
            .producers(2)
            .rate(4_000)
            .reportInterval(Duration.ofMillis(500))
            .backlog(new Backlog(1_001, true))
            .build();

    RunResult result = BenchmarkRun.builder(workload).driver("loopback").build().run();

    // Two producers send 501 each; the consumers start once 1,001 are queued, which may be
    // before the last one is.
    assertThat(result.totals().counts().sent()).isEqualTo(1_002);
    assertThat(result.backlog().queued()).isBetween(1_001L, 1_002L);
    assertThat(result.backlog().drained()).isTrue();
    assertThat(result.latency().get(LatencyKind.BACKLOG_AGE.key()).count())
        .isBetween(1_001L, 1_002L);
    assertThat(result.integrity().lost()).isZero();
  }

  @Test
  void aRunWithoutABacklogHasNoBacklogFigures() throws Exception {
    RunResult result =
        BenchmarkRun.builder(Workload.builder().messagesPerProducer(100).build())
            .driver("loopback")
            .build()
            .run();

    assertThat(result.backlog()).isEqualTo(BacklogResult.NONE);
    assertThat(result.latency()).doesNotContainKey(LatencyKind.BACKLOG_AGE.key());
  }
}
