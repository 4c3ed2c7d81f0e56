package io.brokerbench.result;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.BenchmarkRun;
import io.brokerbench.contract.DelegatingDriver;
import io.brokerbench.latency.LatencyKind;
import io.brokerbench.loopback.LoopbackDriver;
import io.brokerbench.loopback.LoopbackOptions;
import io.brokerbench.rate.NanoClock;
import io.brokerbench.rate.ThreadLocalManualClock;
import io.brokerbench.spi.Consumer;
import io.brokerbench.spi.ConsumerSpec;
import io.brokerbench.spi.DeliveryListener;
import io.brokerbench.spi.Driver;
import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.Producer;
import io.brokerbench.spi.ProducerSpec;
import io.brokerbench.spi.SendListener;
import io.brokerbench.workload.Destinations;
import io.brokerbench.workload.Shard;
import io.brokerbench.workload.Workload;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * One workload run whole, and the same workload split into two shards that run side by side, each
 * its own {@link BenchmarkRun}: the merged result of the shards is the whole run's, count for count
 * and histogram for histogram.
 */
class ShardMergeTest {
  private static final long MS = 1_000_000L;
  private static final int ID_BASE = 4_000;
  private static final int MESSAGES = 2_000;

  // 4 producers and 2 consumers over 2 queues: producer p sends to queue p % 2, read by consumer
  // p % 2. Shard A plays producers 0-1 and consumer 0, shard B producers 2-3 and consumer 1, so
  // producer 1's messages are received in shard B and producer 2's in shard A.
  private static Workload workload(int producers, int consumers, double rate) {
    return Workload.builder()
        .producers(producers)
        .consumers(consumers)
        .destinations(Destinations.pattern("shard-q-%d", 0, 1))
        .rate(rate)
        .messagesPerProducer(MESSAGES)
        .duration(null)
        .inFlightWindow(16)
        .drainTimeout(Duration.ofMillis(100))
        .build();
  }

  /** Faults at fixed sequence numbers and a stall, so every count and latency is known. */
  private static LoopbackDriver loopback(NanoClock clock) {
    return new LoopbackDriver(
        LoopbackOptions.parse(
            Map.of(
                "inline", "true",
                "drop-every", "97",
                "duplicate-every", "89",
                "reorder-every", "83",
                "stall-after", "500",
                "stall-ms", "50")),
        clock);
  }

  private static NanoClock clock() {
    return new ThreadLocalManualClock(1_000 * MS, 1_700_000_000_000_000_000L);
  }

  @Test
  void shardsRunSideBySideMergeIntoExactlyTheWholeRun() throws Exception {
    NanoClock wholeClock = clock();
    RunResult whole =
        BenchmarkRun.builder(workload(4, 2, 4_000))
            .driver(loopback(wholeClock))
            .clock(wholeClock)
            .producerIdBase(ID_BASE)
            .build()
            .run();

    NanoClock shardClock = clock();
    Driver broker = loopback(shardClock);
    ShardBarrier barrier = new ShardBarrier(2, 4);
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      Future<RunResult> a =
          pool.submit(() -> shard(broker, barrier, shardClock, new Shard(0, 4, 0, 2)));
      Future<RunResult> b =
          pool.submit(() -> shard(broker, barrier, shardClock, new Shard(2, 4, 1, 2)));
      RunResult shardA = a.get(60, TimeUnit.SECONDS);
      RunResult shardB = b.get(60, TimeUnit.SECONDS);
      RunResult merged = ResultMerge.of(List.of(shardA, shardB));
      ResultSchema.assertValid(shardA);
      ResultSchema.assertValid(merged);

      // Each shard alone received messages of the other's producers, and counted none as foreign.
      assertThat(shardA.figures().integrityByProducer())
          .anySatisfy(p -> assertThat(p.producer()).isEqualTo(2));
      assertThat(shardA.figures().integrity().foreign()).isZero();
      assertThat(shardB.figures().integrity().foreign()).isZero();

      assertThat(merged.figures().totals().counts()).isEqualTo(whole.figures().totals().counts());
      assertThat(merged.figures().integrity()).isEqualTo(whole.figures().integrity());
      assertThat(merged.figures().integrity().lost()).isEqualTo(4 * (MESSAGES / 97));
      assertThat(merged.figures().integrityByProducer())
          .isEqualTo(whole.figures().integrityByProducer());
      assertThat(merged.figures().latency().keySet()).isEqualTo(whole.figures().latency().keySet());
      for (LatencyKind kind : LatencyKind.values()) {
        LatencySummary m = merged.figures().latency().get(kind.key());
        LatencySummary w = whole.figures().latency().get(kind.key());
        if (w == null) {
          assertThat(m).isNull();
          continue;
        }
        Histogram mh = m.decodedHistogram();
        Histogram wh = w.decodedHistogram();
        assertThat(mh).as(kind.key()).isEqualTo(wh);
        assertThat(mh.getTotalCount()).isEqualTo(wh.getTotalCount());
        assertThat(mh.getMinValue()).isEqualTo(wh.getMinValue());
        assertThat(mh.getMaxValue()).isEqualTo(wh.getMaxValue());
        for (double p = 0; p <= 100; p += 0.5) {
          assertThat(mh.getValueAtPercentile(p))
              .as(kind.key() + " p" + p)
              .isEqualTo(wh.getValueAtPercentile(p));
        }
        // The summaries are computed from the merged histograms, not averaged.
        assertThat(m.withoutHistogram()).isEqualTo(w.withoutHistogram());
      }
      // Each shard's own figures stay beside the whole; one host, so no clock warning.
      assertThat(merged.mergedFrom().shards())
          .extracting(ShardSummary::shard, ShardSummary::counts)
          .containsExactly(
              org.assertj.core.groups.Tuple.tuple(
                  shardA.setup().shard(), shardA.figures().totals().counts()),
              org.assertj.core.groups.Tuple.tuple(
                  shardB.setup().shard(), shardB.figures().totals().counts()));
      assertThat(merged.mergedFrom().shards().get(1).p99Micros())
          .containsEntry("e2e", shardB.figures().latency().get("e2e").p99Micros());
      assertThat(merged.warned(Warning.CLOCK_UNCERTAINTY)).isFalse();
      assertThat(whole.mergedFrom().shards()).isEmpty();
      // The stall makes the latencies from the intended time worth comparing.
      assertThat(whole.figures().latency().get("e2e").maxMicros()).isGreaterThan(40_000);
    } finally {
      pool.shutdownNow();
    }
  }

  private static RunResult shard(Driver broker, ShardBarrier barrier, NanoClock clock, Shard s)
      throws DriverException {
    return BenchmarkRun.builder(workload(2, 1, 2_000))
        .driver(barrier.around(broker))
        .clock(clock)
        .producerIdBase(ID_BASE)
        .shard(s)
        .build()
        .run();
  }

  /**
   * Lets the shards start sending only once every shard's consumers listen, lets no producer finish
   * before every producer has sent its last message, and stops listening only once every shard's
   * producers are done: the loopback broker drops what nobody listens to, and a shard ends its
   * drain once its own producers' messages are in — before a shard running late on a loaded machine
   * had delivered the rest (6,006 of 8,008 messages counted once).
   */
  private static final class ShardBarrier {
    private final CountDownLatch consumersReady;
    private final CountDownLatch lastMessagesSent;
    private final CountDownLatch producersClosed;

    ShardBarrier(int shards, int producers) {
      this.consumersReady = new CountDownLatch(shards);
      this.lastMessagesSent = new CountDownLatch(producers);
      this.producersClosed = new CountDownLatch(producers);
    }

    Driver around(Driver broker) {
      return new DelegatingDriver(broker) {
        private boolean first = true;

        @Override
        public Producer createProducer(ProducerSpec spec, SendListener listener)
            throws DriverException {
          if (first) {
            first = false;
            consumersReady.countDown();
            await(consumersReady);
          }
          Producer producer = delegate.createProducer(spec, listener);
          return new Producer() {
            @Override
            public boolean trySend(io.brokerbench.spi.OutgoingMessage message)
                throws DriverException {
              boolean sent = producer.trySend(message);
              // Delivery is inline: once every producer's last send returned, all is delivered.
              if (message.sequence() == MESSAGES - 1) {
                lastMessagesSent.countDown();
                await(lastMessagesSent);
              }
              return sent;
            }

            @Override
            public void close() throws DriverException {
              producer.close();
              producersClosed.countDown();
            }
          };
        }

        @Override
        public Consumer createConsumer(ConsumerSpec spec, DeliveryListener listener)
            throws DriverException {
          Consumer consumer = delegate.createConsumer(spec, listener);
          return () -> {
            await(producersClosed);
            consumer.close();
          };
        }
      };
    }

    private static void await(CountDownLatch latch) {
      try {
        assertThat(latch.await(30, TimeUnit.SECONDS)).as("the other shard got there").isTrue();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
    }
  }
}
