package io.brokerbench.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.rate.ManualNanoClock;
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
    while (thread.isAlive()
        && !(task.counts().sent() == 2 && thread.getState() == Thread.State.TIMED_WAITING)) {
      Thread.onSpinWait();
    }

    clock.sleepUntil(endNanos);
    thread.join();

    assertThat(task.counts().sent()).isEqualTo(2);
    assertThat(recorders.unsent.intervalHistogram().getTotalCount()).isEqualTo(98);
  }
}
