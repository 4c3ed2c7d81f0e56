package io.brokerbench.internal.send;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.latency.LatencyRecorder;
import io.brokerbench.rate.ManualNanoClock;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ConfirmWindowTest {
  private final LatencyRecorder latency = new LatencyRecorder(2);

  private ConfirmWindow window(int size) {
    return new ConfirmWindow(size, latency.sharedWriter(), Thread.currentThread());
  }

  private static void send(ConfirmWindow w, long from, long to) {
    for (long s = from; s < to; s++) {
      assertThat(w.hasCapacity()).isTrue();
      w.register(s, s * 10, s * 10 + 3);
    }
  }

  @Test
  void theWindowBoundsUnconfirmedMessages() {
    ConfirmWindow w = window(3);
    send(w, 0, 3);

    assertThat(w.hasCapacity()).isFalse();
    assertThat(w.awaitCapacity(() -> false, new ManualNanoClock(0, 0), 0)).isFalse();
    w.confirm(0, false, 100, true);
    assertThat(w.hasCapacity()).isTrue();
    assertThat(w.outstanding()).isEqualTo(2);
  }

  /**
   * The deadline is on the clock given with it, whether that clock is behind the system's or ahead
   * of it: here a manual clock that moves 10 ms each time the wait asks whether to stop.
   */
  @ParameterizedTest
  @ValueSource(longs = {0, 1L << 60})
  // A wait on the wrong clock ignores the interrupt of a timeout on the test's own thread.
  @Timeout(value = 10, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
  void aFullWindowIsAwaitedUntilTheDeadlineOnItsOwnClock(long startNanos) {
    ConfirmWindow w = window(1);
    send(w, 0, 1);
    ManualNanoClock clock = new ManualNanoClock(startNanos, 0);
    long deadlineNanos = startNanos + 50_000_000;

    boolean free =
        w.awaitCapacity(
            () -> {
              clock.advance(10_000_000);
              return false;
            },
            clock,
            deadlineNanos);

    assertThat(free).isFalse();
    assertThat(clock.nanoTime()).isEqualTo(deadlineNanos);
  }

  @Test
  void aMultipleConfirmSettlesOnlyWhatIsStillOutstanding() {
    ConfirmWindow w = window(192);
    send(w, 0, 10);

    assertThat(w.confirm(3, false, 1_000, true)).isEqualTo(1);
    assertThat(w.confirm(6, true, 1_000, true)).isEqualTo(6);
    assertThat(w.confirm(6, true, 1_000, true)).isZero();
    assertThat(w.outstanding()).isEqualTo(3);
  }

  @Test
  void outOfOrderConfirmsFreeSlotsOnceTheOldestIsConfirmed() {
    ConfirmWindow w = window(2);
    send(w, 0, 2);
    w.confirm(1, false, 50, true);

    assertThat(w.hasCapacity()).isFalse();
    w.confirm(0, false, 50, true);
    assertThat(w.outstanding()).isZero();
    send(w, 2, 4);
  }

  @Test
  void latencyIsMeasuredFromIntendedAndFromActualSend() {
    ConfirmWindow w = window(4);
    w.register(0, 1_000, 1_400);
    w.confirm(0, false, 2_000, true);

    latency.takeInterval();
    assertThat(latency.interval(0).getMaxValue()).isEqualTo(1_000);
    assertThat(latency.interval(1).getMaxValue()).isEqualTo(600);
  }

  @Test
  void aCancelledSendDoesNotBlockTheWindow() {
    ConfirmWindow w = window(1);
    w.register(0, 0, 0);
    w.cancel(0);

    assertThat(w.hasCapacity()).isTrue();
  }

  @Test
  void aSendCancelledBehindUnconfirmedOnesIsNotCountedAsUnconfirmed() {
    ConfirmWindow w = window(4);
    send(w, 0, 3);
    w.cancel(2);

    assertThat(w.outstanding()).isEqualTo(2);
    w.confirm(1, true, 10, true);
    assertThat(w.outstanding()).isZero();
    // The sequence may be registered again and confirmed as usual.
    w.register(2, 0, 0);
    assertThat(w.outstanding()).isEqualTo(1);
    assertThat(w.confirm(2, false, 10, true)).isEqualTo(1);
    assertThat(w.outstanding()).isZero();
  }

  @Test
  void abandonedMessagesFreeTheWindowAndTheirLateConfirmsCountNothing() {
    ConfirmWindow w = window(4);
    send(w, 0, 4);
    w.confirm(1, false, 10, true);
    java.util.List<Long> given = new java.util.ArrayList<>();

    assertThat(w.abandon(given::add)).isEqualTo(3);
    assertThat(given).containsExactly(0L, 2L, 3L);
    assertThat(w.outstanding()).isZero();
    assertThat(w.hasCapacity()).isTrue();
    assertThat(w.confirm(3, true, 20, true)).isZero();
  }

  @Test
  void concurrentConfirmersSettleEveryMessageExactlyOnce() throws Exception {
    ConfirmWindow w = window(3_000);
    send(w, 0, 3_000);
    AtomicInteger confirmed = new AtomicInteger();
    CountDownLatch start = new CountDownLatch(1);
    Thread[] threads = new Thread[2];
    for (int t = 0; t < threads.length; t++) {
      int parity = t;
      threads[t] =
          new Thread(
              () -> {
                try {
                  start.await();
                } catch (InterruptedException e) {
                  return;
                }
                for (long s = parity; s < 3_000; s += 2) {
                  confirmed.addAndGet(w.confirm(s, false, 100_000, false));
                }
              });
      threads[t].start();
    }
    start.countDown();
    for (Thread t : threads) {
      t.join();
    }

    assertThat(confirmed.get()).isEqualTo(3_000);
    assertThat(w.outstanding()).isZero();
  }
}
