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
import io.brokerbench.result.ProducerIntegrity;
import io.brokerbench.result.Warning;
import io.brokerbench.spi.DeliveryListener;
import io.brokerbench.spi.DriverException;
import io.brokerbench.workload.Destinations;
import io.brokerbench.workload.Shard;
import io.brokerbench.workload.ShardLayout;
import io.brokerbench.workload.Workload;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Losses told apart from messages the broker still holds, driven by hand: two producers, each to a
 * destination of its own with one consumer, sent 10 messages each without confirms; the consumers
 * received 7 of the first one's and 8 of the second one's, so 5 are missing.
 */
class LossCheckTest {
  private final ManualNanoClock clock = new ManualNanoClock(1_000_000, 0);
  private final RunControl control = new RunControl();
  private final RunRecorders recorders = new RunRecorders(4);
  private final Participants participants = new Participants();
  private final SequenceTracker[] trackers = {
    new SequenceTracker(false), new SequenceTracker(false)
  };
  private final Workload workload =
      Workload.builder()
          .destinations(Destinations.pattern("q-%d", 0, 1))
          .producers(2)
          .consumers(2)
          .messagesPerProducer(10)
          .inFlightWindow(0)
          .build();
  private final ShardLayout layout = new ShardLayout(workload, Shard.whole(workload));
  // Written by the query's thread, read after it ended.
  private final List<String> asked = Collections.synchronizedList(new ArrayList<>());

  LossCheckTest() {
    for (int i = 0; i < 2; i++) {
      ProducerTask producer =
          TestProducerTasks.prepared(
              i, workload, clock, control, recorders, TestProducerTasks.ACCEPTING);
      producer.schedule(clock.nanoTime(), Long.MAX_VALUE);
      producer.run();
      participants.add(producer);
      participants.add(new ConsumerTask(clock, control, recorders, trackers, 0, 0, null, 0, null));
    }
    receive(0, 7);
    receive(1, 8);
  }

  @Test
  void whatTheBrokerStillHoldsIsNotLost() {
    LossCheck.Outcome outcome = check(destination -> destination.equals("q-0") ? 2 : 1, false);

    assertThat(asked).containsExactly("q-0", "q-1");
    assertThat(outcome.integrity().stillQueued()).isEqualTo(3);
    assertThat(outcome.integrity().lost()).isEqualTo(2);
    assertThat(outcome.depthUnknown()).isNull();
    assertThat(outcome.byProducer())
        .containsExactly(
            new ProducerIntegrity(0, 10, true, 7, 0, 0, 0),
            new ProducerIntegrity(1, 10, true, 8, 0, 0, 0));
  }

  @Test
  void aBrokerThatCannotBeAskedLeavesTheLossAsItIsWithoutAWarning() {
    LossCheck.Outcome outcome = check(destination -> -1, false);

    assertThat(asked).containsExactly("q-0");
    assertThat(outcome.integrity().lost()).isEqualTo(5);
    assertThat(outcome.integrity().stillQueued()).isZero();
    assertThat(outcome.depthUnknown()).isNull();
  }

  @Test
  void aFailedQueryLeavesTheLossQualified() {
    LossCheck.Outcome outcome =
        check(
            destination -> {
              throw new DriverException("connection refused");
            },
            false);

    assertThat(outcome.integrity().lost()).isEqualTo(5);
    assertThat(outcome.depthUnknown())
        .isEqualTo(
            new Warning(
                Warning.DEPTH_UNKNOWN,
                "DEPTH_UNKNOWN: the 5 message(s) counted as lost may still be in the broker: asking"
                    + " it how many messages q-0 holds failed (connection refused)"));
  }

  /** A frozen broker never answers: the check gives up after its bound (here 50 ms). */
  @Test
  @Timeout(10)
  void aBrokerThatDoesNotAnswerDoesNotHoldTheResults() {
    CountDownLatch thawed = new CountDownLatch(1);
    try {
      LossCheck.Outcome outcome =
          check(
              destination -> {
                thawed.await();
                return 0;
              },
              false);

      assertThat(outcome.integrity().lost()).isEqualTo(5);
      assertThat(outcome.integrity().stillQueued()).isZero();
      assertThat(outcome.depthUnknown().message())
          .endsWith("messages q-0 holds failed (the broker did not answer within 0.05 s)");
    } finally {
      thawed.countDown();
    }
  }

  @Test
  void messagesThatArriveAfterTheBrokerWasAskedAreCountedNotStillQueued() {
    // Asked before the consumers close; what they received while closing is no longer missing.
    LossCheck lossCheck = lossCheck(destination -> destination.equals("q-0") ? 3 : 2);
    lossCheck.askDepthIfMissing(false);
    receive(0, 3);
    receive(1, 2);

    LossCheck.Outcome outcome = lossCheck.check();

    assertThat(outcome.integrity().unique()).isEqualTo(20);
    assertThat(outcome.integrity().lost()).isZero();
    assertThat(outcome.integrity().stillQueued()).isZero();
  }

  @Test
  void theBrokerIsNotAskedWhenNothingIsMissingOrTheRunFailed() {
    assertThat(check(destination -> 0, true).integrity().lost()).isEqualTo(5);
    receive(0, 3);
    receive(1, 2);
    assertThat(check(destination -> 0, false).integrity().lost()).isZero();

    assertThat(asked).isEmpty();
  }

  private LossCheck.Outcome check(Depth depth, boolean runFailed) {
    LossCheck lossCheck = lossCheck(depth);
    lossCheck.askDepthIfMissing(runFailed);
    return lossCheck.check();
  }

  private LossCheck lossCheck(Depth depth) {
    return new LossCheck(
        layout,
        participants,
        trackers,
        new DestinationDepth(
            layout,
            destination -> {
              asked.add(destination);
              try {
                return depth.of(destination);
              } catch (InterruptedException e) {
                throw new DriverException("interrupted (test)");
              }
            },
            Duration.ofMillis(50)));
  }

  /** The next {@code count} messages of this producer arrive at its destination's consumer. */
  private void receive(int producer, int count) {
    ConsumerTask consumer = participants.consumers().get(producer);
    long next = trackers[producer].unique();
    for (int i = 0; i < count; i++) {
      byte[] stamp = new byte[PayloadStamp.BYTES];
      PayloadStamp.encode(stamp, 0, producer, next + i, clock.epochNanos(), 0);
      consumer.onDelivery(stamp, 0, false, DeliveryListener.NO_TIMESTAMP);
    }
  }

  /** The broker's answer, which may wait. */
  private interface Depth {
    long of(String destination) throws DriverException, InterruptedException;
  }
}
