package io.brokerbench.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.rate.ManualNanoClock;
import io.brokerbench.spi.SendOutcome;
import io.brokerbench.workload.Workload;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A producer's send loop against a manual clock and a producer the test writes: no broker. */
class ProducerTaskTest {
  private static final long MILLIS = 1_000_000;

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
    Workload workload = Workload.builder().rate(1_000).inFlightWindow(2).build();
    // A client that takes every send and never confirms: the window stays full.
    ProducerTask task =
        TestProducerTasks.prepared(
            0, workload, clock, control, recorders, TestProducerTasks.ACCEPTING);
    long endNanos = clock.nanoTime() + 100 * MILLIS;
    task.schedule(clock.nanoTime(), endNanos);
    Thread thread = task.thread();
    thread.start();
    // Only the wait for the window parks the thread: the manual clock jumps instead of sleeping.
    awaitWaitingAfter(task, thread, 2);

    clock.sleepUntil(endNanos);
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
    Workload workload = Workload.builder().rate(1_000).inFlightWindow(2).build();
    ProducerTask task =
        TestProducerTasks.prepared(
            0, workload, clock, control, recorders, TestProducerTasks.ACCEPTING);
    long endNanos = clock.nanoTime() + 100 * MILLIS;
    task.schedule(clock.nanoTime(), endNanos);
    Thread thread = task.thread();
    thread.start();
    awaitWaitingAfter(task, thread, 2);

    task.onConfirm(1, true, SendOutcome.ACCEPTED);
    awaitWaitingAfter(task, thread, 4);
    clock.sleepUntil(endNanos);
    thread.join();

    assertThat(task.counts().sent()).isEqualTo(4);
    assertThat(task.counts().windowWaits()).isEqualTo(2);
  }

  /** Spins until the producer has sent {@code sent} and parks waiting for the window. */
  private static void awaitWaitingAfter(ProducerTask task, Thread thread, long sent) {
    while (thread.isAlive()
        && !(task.counts().sent() == sent && thread.getState() == Thread.State.TIMED_WAITING)) {
      Thread.onSpinWait();
    }
  }
}
