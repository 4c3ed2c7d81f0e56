package io.brokerbench.internal.phase;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.integrity.SequenceTracker;
import io.brokerbench.internal.Participants;
import io.brokerbench.internal.RunControl;
import io.brokerbench.internal.measure.RunRecorders;
import io.brokerbench.internal.receive.ConsumerTask;
import io.brokerbench.internal.send.ProducerTask;
import io.brokerbench.internal.send.TestProducerTasks;
import io.brokerbench.latency.PayloadStamp;
import io.brokerbench.rate.ManualNanoClock;
import io.brokerbench.rate.NanoClock;
import io.brokerbench.spi.DeliveryListener;
import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.OutgoingMessage;
import io.brokerbench.spi.Producer;
import io.brokerbench.workload.Shard;
import io.brokerbench.workload.ShardLayout;
import io.brokerbench.workload.Workload;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The end of a run driven by hand: one producer and one consumer of a whole workload, both run on
 * the test's thread, and a real-time clock that moves only when the end of the run waits on it.
 */
class EndOfRunTest {
  private static final long MILLIS = 1_000_000;
  private static final Duration DRAIN_TIMEOUT = Duration.ofMillis(300);

  private final ManualNanoClock runClock = new ManualNanoClock(1_000 * MILLIS, 0);
  private final StepClock realTime = new StepClock();
  private final RunControl control = new RunControl();
  private final RunRecorders recorders = new RunRecorders(2);
  private final Participants participants = new Participants();
  private final SequenceTracker[] trackers = {new SequenceTracker(false)};
  private final ConsumerTask consumer =
      new ConsumerTask(runClock, control, recorders, trackers, 0, 0, null, 0, null);
  private long delivered;
  // The broker's answers to the depth asked at the end, in turn; none: it cannot tell.
  private final Deque<Long> waiting = new ArrayDeque<>();
  private int depthAsked;

  @Test
  void theDrainEndsAtOnceWhenEveryMessageArrived() {
    EndOfRun end = endOfRun(sent(100));
    deliver(100);

    end.drain();

    assertThat(realTime.elapsedNanos()).isZero();
  }

  @Test
  void aShardReadingAnotherShardsProducerDrainsUntilNothingArrivedForASecond() {
    // This shard plays producer 0 of 2 and the only consumer: producer 1, another shard's, sends
    // to the same queue, and may still be sending when this shard's own messages are all in.
    Workload workload = sent(100);
    deliver(100);
    EndOfRun end = endOfRun(workload, new Shard(0, 2, 0, 1), Duration.ofSeconds(10));
    // The run's clock moves 1 ms for every 2 ms poll of real time.
    realTime.eachSleep = () -> runClock.advance(MILLIS);

    end.drain();

    // A second of quiet on the run's clock, where a shard of its own messages only ends at once.
    assertThat(realTime.elapsedNanos()).isBetween(2_000 * MILLIS, 2_010 * MILLIS);
  }

  @Test
  void aShardReadingAnotherShardsProducerDrainsWhileTheBrokerHoldsMessagesForIt() {
    // A second of quiet, yet the queue still holds messages: a loaded machine or broker held
    // them back. The shard asks again after each further second of quiet, until none wait.
    Workload workload = sent(100);
    deliver(100);
    EndOfRun end = endOfRun(workload, new Shard(0, 2, 0, 1), Duration.ofSeconds(10));
    realTime.eachSleep = () -> runClock.advance(MILLIS);
    waiting.addAll(List.of(819L, 12L, 0L));

    end.drain();

    assertThat(depthAsked).isEqualTo(3);
    assertThat(realTime.elapsedNanos()).isBetween(6_000 * MILLIS, 6_010 * MILLIS);
  }

  @Test
  void aShardWhoseBrokerKeepsHoldingMessagesDrainsUntilItsTimeout() {
    // Messages wait in the queue and none arrive: the drain timeout without progress ends it.
    Workload workload = sent(100);
    deliver(100);
    EndOfRun end = endOfRun(workload, new Shard(0, 2, 0, 1), Duration.ofSeconds(3));
    realTime.eachSleep = () -> runClock.advance(MILLIS);
    for (int i = 0; i < 10; i++) {
      waiting.add(5L);
    }

    end.drain();

    assertThat(realTime.elapsedNanos()).isBetween(3_000 * MILLIS, 3_010 * MILLIS);
    assertThat(depthAsked).isEqualTo(1);
  }

  @Test
  void theDrainEndsAtItsTimeoutOnceNothingArrives() {
    EndOfRun end = endOfRun(sent(100));
    deliver(60);

    end.drain();

    assertThat(trackers[0].unique()).isEqualTo(60);
    assertThat(realTime.elapsedNanos())
        .isBetween(DRAIN_TIMEOUT.toNanos(), DRAIN_TIMEOUT.toNanos() + 2 * MILLIS);
  }

  @Test
  void theDrainWaitsLongerThanItsTimeoutWhileMessagesKeepArriving() {
    EndOfRun end = endOfRun(sent(1_000));
    // One message every 2 ms poll: 2 s for all, far past the 0.3 s timeout.
    realTime.eachSleep = () -> deliver(1);

    end.drain();

    assertThat(trackers[0].unique()).isEqualTo(1_000);
    assertThat(realTime.elapsedNanos()).isGreaterThan(1_000 * MILLIS);
  }

  @Test
  void theDrainEndsTwoSecondsAfterAnInterruptEvenWhileMessagesArrive() {
    EndOfRun end = endOfRun(sent(1_500), Duration.ofSeconds(60));
    realTime.eachSleep = () -> deliver(1);
    control.interrupt(runClock.nanoTime());

    end.drain();

    assertThat(realTime.elapsedNanos()).isEqualTo(2_000 * MILLIS);
    assertThat(trackers[0].unique()).isEqualTo(1_000);
  }

  @Test
  void aFailedRunDoesNotDrain() {
    EndOfRun end = endOfRun(sent(100));
    control.fail(new DriverException("broker gone (test)"));

    end.drain();

    assertThat(realTime.elapsedNanos()).isZero();
  }

  @Test
  void consumersAloneWaitForTheRunsEndOnTheRunsClock() {
    Workload workload = Workload.builder().producers(0).consumers(1).build();
    participants.add(consumer);
    EndOfRun end = endOfRun(workload, DRAIN_TIMEOUT);
    long endRunNanos = runClock.nanoTime() + 10 * MILLIS;
    // The run's clock moves 1 ms for every 2 ms poll of real time.
    realTime.eachSleep = () -> runClock.advance(MILLIS);

    end.awaitSending(endRunNanos);

    assertThat(runClock.nanoTime()).isEqualTo(endRunNanos);
    assertThat(realTime.elapsedNanos()).isEqualTo(20 * MILLIS);
  }

  @Test
  void consumersAloneEndAtTheirLimit() {
    Workload workload = Workload.builder().producers(0).consumers(1).build();
    ConsumerTask limited =
        new ConsumerTask(runClock, control, recorders, trackers, 0, 3, null, 0, null);
    participants.add(limited);
    EndOfRun end = endOfRun(workload, DRAIN_TIMEOUT);
    realTime.eachSleep =
        () -> limited.onDelivery(stamp(delivered++), 0, false, DeliveryListener.NO_TIMESTAMP);

    end.awaitSending(Long.MAX_VALUE);

    assertThat(limited.reachedLimit()).isTrue();
    assertThat(realTime.elapsedNanos()).isEqualTo(6 * MILLIS);
  }

  @Test
  void producersThatEndedAreNotWaitedFor() {
    EndOfRun end = endOfRun(sent(100));

    end.awaitSending(runClock.nanoTime());

    assertThat(control.failure()).isNull();
  }

  /** One poll of the producer's thread: about 0.1 s of real time. */
  @Test
  @Timeout(10)
  void aProducerStuckInASendPastTheDrainTimeoutFailsTheRun() throws Exception {
    Workload workload = workload(10).drainTimeout(Duration.ZERO).build();
    CountDownLatch stuck = new CountDownLatch(1);
    ProducerTask producer = producer(workload, message -> awaitQuietly(stuck));
    producer.schedule(runClock.nanoTime(), Long.MAX_VALUE);
    EndOfRun end = endOfRun(workload, Duration.ZERO);
    // Real time moves on while the producer's thread is joined.
    realTime.nanosPerRead = 1_000 * MILLIS;
    try {
      producer.thread().start();

      end.awaitSending(runClock.nanoTime());

      assertThat(control.failure())
          .hasMessage(
              "producer 0 is stuck in a send 0.0 s after the run's end: the broker does not take"
                  + " messages (flow control, a memory or disk alarm?)");
    } finally {
      stuck.countDown();
      producer.thread().join();
    }
  }

  private Workload sent(long messages) {
    Workload workload = workload(messages).build();
    ProducerTask producer = producer(workload, message -> true);
    participants.add(consumer);
    producer.schedule(runClock.nanoTime(), Long.MAX_VALUE);
    producer.run();
    return workload;
  }

  private static Workload.Builder workload(long messages) {
    return Workload.builder().messagesPerProducer(messages).inFlightWindow(0);
  }

  private ProducerTask producer(Workload workload, Send send) {
    ProducerTask task =
        TestProducerTasks.prepared(
            0,
            workload,
            runClock,
            control,
            recorders,
            new Producer() {
              @Override
              public boolean trySend(OutgoingMessage message) {
                return send.trySend(message);
              }

              @Override
              public void close() {}
            });
    participants.add(task);
    return task;
  }

  private EndOfRun endOfRun(Workload workload) {
    return endOfRun(workload, DRAIN_TIMEOUT);
  }

  private EndOfRun endOfRun(Workload workload, Duration drainTimeout) {
    return endOfRun(workload, Shard.whole(workload), drainTimeout);
  }

  private EndOfRun endOfRun(Workload workload, Shard shard, Duration drainTimeout) {
    ShardLayout layout = new ShardLayout(workload, shard);
    return new EndOfRun(
        layout,
        participants,
        trackers,
        null,
        new DestinationDepth(
            layout,
            destination -> {
              depthAsked++;
              return waiting.isEmpty() ? -1 : waiting.poll();
            },
            Duration.ofSeconds(1)),
        control,
        drainTimeout,
        runClock,
        realTime);
  }

  /** The next {@code count} messages of producer 0 arrive, one run-clock microsecond apart. */
  private void deliver(int count) {
    for (int i = 0; i < count; i++) {
      runClock.advance(1_000);
      consumer.onDelivery(stamp(delivered++), 0, false, DeliveryListener.NO_TIMESTAMP);
    }
  }

  private byte[] stamp(long sequence) {
    byte[] stamp = new byte[PayloadStamp.BYTES];
    PayloadStamp.encode(stamp, 0, 0, sequence, runClock.epochNanos(), 0);
    return stamp;
  }

  private static boolean awaitQuietly(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return true;
  }

  private interface Send {
    boolean trySend(OutgoingMessage message);
  }

  /**
   * Real time for a test: moves to the deadline when a caller sleeps, and then runs {@code
   * eachSleep} (what happens meanwhile); with {@code nanosPerRead}, also moves on every read.
   */
  private static final class StepClock implements NanoClock {
    // System.nanoTime's origin is arbitrary too.
    private static final long ORIGIN_NANOS = 7_000_000_000L;
    private long now = ORIGIN_NANOS;
    private long nanosPerRead;
    private Runnable eachSleep = () -> {};

    @Override
    public long nanoTime() {
      now += nanosPerRead;
      return now;
    }

    @Override
    public long epochOffsetNanos() {
      return 0;
    }

    /** Real time since the test began (without moving the clock). */
    long elapsedNanos() {
      return now - ORIGIN_NANOS;
    }

    @Override
    public void sleepUntil(long deadlineNanos) {
      now = Math.max(now, deadlineNanos);
      eachSleep.run();
    }
  }
}
