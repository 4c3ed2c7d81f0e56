package io.brokerbench.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.integrity.SequenceTracker;
import io.brokerbench.internal.measure.RunRecorders;
import io.brokerbench.internal.receive.ConsumerTask;
import io.brokerbench.internal.send.ProducerTask;
import io.brokerbench.internal.send.TestProducerTasks;
import io.brokerbench.latency.PayloadStamp;
import io.brokerbench.rate.ManualNanoClock;
import io.brokerbench.result.MessageCounts;
import io.brokerbench.result.NotAccepted;
import io.brokerbench.result.RequestReplyCounts;
import io.brokerbench.spi.DeliveryListener;
import io.brokerbench.spi.SendOutcome;
import io.brokerbench.workload.RequestReply;
import io.brokerbench.workload.Workload;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Counts read across producers and consumers driven by hand: no broker, no thread. */
class ParticipantsTest {
  private final ManualNanoClock clock = new ManualNanoClock(1_000_000, 0);
  private final RunControl control = new RunControl();
  private final RunRecorders recorders = new RunRecorders(4);
  private final Participants participants = new Participants();

  @Test
  void producerCountsAddUpAndQueuedMeansConfirmed() {
    Workload workload =
        Workload.builder().producers(2).messagesPerProducer(5).inFlightWindow(8).build();
    ProducerTask first = sentAll(producer(workload, 0));
    ProducerTask second = sentAll(producer(workload, 1));

    first.onConfirm(2, true, SendOutcome.ACCEPTED);
    second.onConfirm(0, false, SendOutcome.REJECTED);
    second.onReturned(new byte[PayloadStamp.BYTES], 0);

    assertThat(participants.counts())
        .isEqualTo(new MessageCounts(10, 3, 0, new NotAccepted(1, 0, 0, 0, 1), 0, 0, 0, 6));
    assertThat(participants.queued()).isEqualTo(3);
    assertThat(participants.unconfirmed()).isEqualTo(6);
    assertThat(participants.sendingOver()).isFalse();
    assertThat(participants.requestReply()).isEqualTo(RequestReplyCounts.NONE);

    first.onConfirm(4, true, SendOutcome.ACCEPTED);
    second.onConfirm(4, true, SendOutcome.ACCEPTED);

    assertThat(participants.unconfirmed()).isZero();
    assertThat(participants.sendingOver()).isTrue();
    assertThat(participants.queued()).isEqualTo(9);
  }

  @Test
  void withoutConfirmsTheBrokerHoldsWhatWasSent() {
    Workload workload = Workload.builder().messagesPerProducer(7).inFlightWindow(0).build();
    sentAll(producer(workload, 0));

    assertThat(participants.queued()).isEqualTo(7);
    assertThat(participants.unconfirmed()).isZero();
  }

  @Test
  void consumersCountWhatTheyReceivedAndFromWhom() {
    // Producer 0 is this run's; producer 1 is not.
    SequenceTracker[] trackers = {new SequenceTracker(false), null};
    ConsumerTask first = consumer(trackers, 2);
    ConsumerTask second = consumer(trackers, 2);

    first.onDelivery(stamp(0, 0), 0, false, DeliveryListener.NO_TIMESTAMP);
    clock.advance(5_000);
    first.onDelivery(stamp(1, 0), 0, false, DeliveryListener.NO_TIMESTAMP);
    second.onDelivery(stamp(0, 1), 0, false, DeliveryListener.NO_TIMESTAMP);

    assertThat(participants.counts().received()).isEqualTo(3);
    assertThat(participants.receivedFromProducers()).isEqualTo(2);
    assertThat(participants.foreign()).isEqualTo(1);
    assertThat(participants.lastReceiveNanos()).isEqualTo(clock.nanoTime());
    assertThat(participants.consumersReachedLimit()).isFalse();

    second.onDelivery(stamp(0, 2), 0, false, DeliveryListener.NO_TIMESTAMP);

    assertThat(participants.consumersReachedLimit()).isTrue();
  }

  @Test
  void noConsumerReachedALimitWhenThereIsNone() {
    assertThat(participants.consumersReachedLimit()).isFalse();
    assertThat(participants.lastReceiveNanos()).isZero();
  }

  @Test
  void requestersCountsAddUp() {
    Workload workload =
        Workload.builder()
            .producers(2)
            .consumers(1)
            .messagesPerProducer(3)
            .requestReply(new RequestReply(true, Duration.ofMillis(500), Duration.ZERO))
            .build();
    ProducerTask first = sentAll(producer(workload, 0));
    sentAll(producer(workload, 1));

    first.onReply(stamp(0, 1), 0);
    first.onReply(stamp(0, 1), 0);
    first.onReply(stamp(9, 0), 0);

    assertThat(participants.requestReply())
        .isEqualTo(new RequestReplyCounts(6, 1, 0, 0, 1, 1, 5, 0.5));
  }

  private ProducerTask producer(Workload workload, int index) {
    ProducerTask task =
        TestProducerTasks.prepared(
            index, workload, clock, control, recorders, TestProducerTasks.ACCEPTING);
    participants.add(task);
    return task;
  }

  /** Runs the send loop on this thread: without a rate, it sends its limit at once. */
  private ProducerTask sentAll(ProducerTask task) {
    task.schedule(clock.nanoTime(), Long.MAX_VALUE);
    task.run();
    return task;
  }

  private ConsumerTask consumer(SequenceTracker[] trackers, long limit) {
    ConsumerTask task =
        new ConsumerTask(clock, control, recorders, trackers, 0, limit, null, 0, null);
    participants.add(task);
    return task;
  }

  private byte[] stamp(int producerId, long sequence) {
    byte[] stamp = new byte[PayloadStamp.BYTES];
    PayloadStamp.encode(stamp, 0, producerId, sequence, clock.epochNanos(), 0);
    return stamp;
  }
}
