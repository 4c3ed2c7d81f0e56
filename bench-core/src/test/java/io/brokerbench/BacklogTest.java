package io.brokerbench;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.withinPercentage;

import io.brokerbench.contract.DelegatingDriver;
import io.brokerbench.latency.LatencyKind;
import io.brokerbench.loopback.LoopbackDriver;
import io.brokerbench.loopback.LoopbackOptions;
import io.brokerbench.rate.NanoClock;
import io.brokerbench.result.BacklogResult;
import io.brokerbench.result.LatencySummary;
import io.brokerbench.result.ResultMerge;
import io.brokerbench.result.ResultSchema;
import io.brokerbench.result.RunResult;
import io.brokerbench.workload.Backlog;
import io.brokerbench.workload.Shard;
import io.brokerbench.workload.Workload;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
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
    BacklogResult backlog = result.extras().backlog();
    assertThat(backlog.present()).isTrue();
    assertThat(backlog.queued()).isBetween(1_000L, 1_100L);
    // The schedule bounds the fill from below (1,000 at 2,000 msg/s, to an interval's 50 ms); how
    // much longer it took and how fast the drain was are the machine's speed.
    assertThat(backlog.fillSeconds()).isGreaterThanOrEqualTo(0.45);
    assertThat(backlog.fillPerSecond())
        .isCloseTo(backlog.queued() / backlog.fillSeconds(), withinPercentage(1));
    assertThat(backlog.drained()).isTrue();
    assertThat(backlog.drainSeconds()).isNotNegative();
    assertThat(result.figures().integrity().lost()).isZero();
    assertThat(result.figures().totals().counts().received()).isEqualTo(3_000);
    // The first message waited the whole fill; later ones less.
    LatencySummary age = result.figures().latency().get(LatencyKind.BACKLOG_AGE.key());
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
    assertThat(result.figures().totals().counts().sent()).isEqualTo(1_002);
    assertThat(result.extras().backlog().queued()).isBetween(1_001L, 1_002L);
    assertThat(result.extras().backlog().drained()).isTrue();
    assertThat(result.figures().latency().get(LatencyKind.BACKLOG_AGE.key()).count())
        .isBetween(1_001L, 1_002L);
    assertThat(result.figures().integrity().lost()).isZero();
  }

  @Test
  void aRunWithoutABacklogHasNoBacklogFigures() throws Exception {
    RunResult result =
        BenchmarkRun.builder(Workload.builder().messagesPerProducer(100).build())
            .driver("loopback")
            .build()
            .run();

    assertThat(result.extras().backlog()).isEqualTo(BacklogResult.NONE);
    assertThat(result.figures().latency()).doesNotContainKey(LatencyKind.BACKLOG_AGE.key());
  }

  @Test
  void shardsEachBuildTheirShareAndTheirMergeDrainsTheWholeBacklog() throws Exception {
    // 2 producers at 4,000 msg/s in all fill a 2,000-message backlog and stop; two shards of a
    // producer and a consumer each build 1,000 on one broker and queue, starting together.
    Workload whole =
        Workload.builder()
            .producers(2)
            .consumers(2)
            .rate(4_000)
            .reportInterval(Duration.ofMillis(100))
            .drainTimeout(Duration.ofMillis(500))
            .backlog(new Backlog(2_000, true))
            .build();
    LoopbackDriver broker = new LoopbackDriver(LoopbackOptions.DEFAULTS, NanoClock.system());
    Instant start = Instant.now().plusMillis(500);
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      List<Future<RunResult>> shards = new ArrayList<>();
      for (int i = 0; i < 2; i++) {
        Shard.Part part = Shard.of(whole, i, 2);
        assertThat(part.workload().backlog().messages()).isEqualTo(1_000);
        shards.add(
            pool.submit(
                () ->
                    BenchmarkRun.builder(part.workload())
                        // The broker outlives each shard's run.
                        .driver(
                            new DelegatingDriver(broker) {
                              @Override
                              public void close() {}
                            })
                        .shard(part.shard())
                        .producerIdBase(7)
                        .startAt(start)
                        .build()
                        .run()));
      }
      RunResult merged =
          ResultMerge.of(List.of(shards.get(0).get(30, SECONDS), shards.get(1).get(30, SECONDS)));

      ResultSchema.assertValid(merged);
      BacklogResult backlog = merged.extras().backlog();
      assertThat(backlog.target()).isEqualTo(2_000);
      assertThat(merged.setup().workload().backlogMessages()).isEqualTo(2_000);
      assertThat(backlog.queued()).isBetween(2_000L, 2_002L);
      // At least half a second at 4,000 msg/s, to an interval; longer on a slow machine.
      assertThat(backlog.fillSeconds()).isGreaterThanOrEqualTo(0.4);
      assertThat(backlog.drained()).isTrue();
      assertThat(backlog.drainSeconds()).isNotNegative();
      assertThat(merged.figures().totals().counts().sent()).isEqualTo(2_000);
      assertThat(merged.figures().totals().counts().received()).isEqualTo(2_000);
      assertThat(merged.figures().integrity().lost()).isZero();
    } finally {
      pool.shutdownNow();
      broker.close();
    }
  }

  @Test
  void aBacklogSplitInShardsNeedsProducersAndConsumersInEach() {
    Workload whole =
        Workload.builder().producers(1).consumers(2).backlog(new Backlog(100, true)).build();

    assertThatThrownBy(() -> Shard.of(whole, 1, 2))
        .hasMessage(
            "a backlog split over 2 shards needs producers and consumers in every shard (each"
                + " builds its share and starts its consumers once that is queued): give at least"
                + " 2 of each");
  }
}
