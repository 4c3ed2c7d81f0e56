package io.brokerbench.internal.send;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.internal.RunControl;
import io.brokerbench.internal.measure.RunRecorders;
import io.brokerbench.rate.ManualNanoClock;
import io.brokerbench.spi.SendOutcome;
import io.brokerbench.workload.Workload;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A producer's send loop against a manual clock and a producer the test writes: no broker. */
class ProducerTaskTest {
  private static final long MILLIS = 1_000_000;
  private static final long END_NANOS = 100 * MILLIS;

  private final ManualNanoClock clock = new ManualNanoClock(0, 0);
  private final RunControl control = new RunControl();
  private final RunRecorders recorders = new RunRecorders(1);

  /**
   * 1,000 messages a second for 0.1 s through a window of 2 that nothing confirms: the producer
   * waits in the full window until the run's clock reaches the end, and then counts the 98 sends
   * due before it as unsent.
   */
  @Test
  @Timeout(10)
  void aWindowThatStaysFullIsAwaitedUntilTheEndOnTheRunsClock() throws Exception {
    ProducerTask task = sendingThroughAWindowOfTwo();
    Thread thread = task.thread();
    awaitWaitingAfter(task, thread, 2);

    clock.sleepUntil(END_NANOS);
    thread.join();

    assertThat(task.counts().sent()).isEqualTo(2);
    assertThat(recorders.unsent.intervalHistogram().getTotalCount()).isEqualTo(98);
    assertThat(task.counts().windowWaits()).isEqualTo(1);
  }

  /**
   * The same with the first two confirmed while the third send waits: it leaves, the fourth finds a
   * free place, the fifth waits again. Each send that found the window full is counted once.
   */
  @Test
  @Timeout(10)
  void everyScheduledSendThatFindsTheWindowFullIsCountedOnce() throws Exception {
    ProducerTask task = sendingThroughAWindowOfTwo();
    Thread thread = task.thread();
    awaitWaitingAfter(task, thread, 2);

    task.onConfirm(1, true, SendOutcome.ACCEPTED);
    awaitWaitingAfter(task, thread, 4);
    clock.sleepUntil(END_NANOS);
    thread.join();

    assertThat(task.counts().sent()).isEqualTo(4);
    assertThat(task.counts().windowWaits()).isEqualTo(2);
  }

  /**
   * A producer sending 1,000 messages a second until {@link #END_NANOS} through a window of 2, to a
   * client that takes every send and confirms none unless the test does; its thread started.
   */
  private ProducerTask sendingThroughAWindowOfTwo() {
    Workload workload = Workload.builder().rate(1_000).inFlightWindow(2).build();
    ProducerTask task =
        TestProducerTasks.prepared(
            0, workload, clock, control, recorders, TestProducerTasks.ACCEPTING);
    task.schedule(clock.nanoTime(), END_NANOS);
    task.thread().start();
    return task;
  }

  /**
   * Spins until the producer has sent {@code sent} and parks waiting for the window: only that wait
   * parks its thread, as the manual clock jumps instead of sleeping.
   */
  private static void awaitWaitingAfter(ProducerTask task, Thread thread, long sent) {
    while (thread.isAlive()
        && !(task.counts().sent() == sent && thread.getState() == Thread.State.TIMED_WAITING)) {
      Thread.onSpinWait();
    }
  }
}
