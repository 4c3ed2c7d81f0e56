package io.brokerbench;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.contract.DelegatingDriver;
import io.brokerbench.loopback.LoopbackDriver;
import io.brokerbench.loopback.LoopbackOptions;
import io.brokerbench.rate.NanoClock;
import io.brokerbench.result.RunResult;
import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.OutgoingMessage;
import io.brokerbench.spi.Producer;
import io.brokerbench.spi.ProducerSpec;
import io.brokerbench.spi.SendListener;
import io.brokerbench.spi.SendOutcome;
import io.brokerbench.workload.Workload;
import java.time.Duration;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * A producer that {@link Producer#sendsOnConfirm() sends on confirm} gets its window refilled on
 * the thread that confirms, as the loop on the producer thread would: every message once, in order,
 * within the count and the time of the run. Confirms here come on one thread of the test driver's
 * own, as a client's I/O thread delivers them.
 */
class SendOnConfirmTest {

  private static Workload.Builder closedLoop() {
    return Workload.builder().inFlightWindow(16).progressTimeout(Duration.ofSeconds(5));
  }

  private static RunResult run(Workload workload, ConfirmThreadDriver driver) throws Exception {
    try {
      return BenchmarkRun.builder(workload).driver(driver).build().run();
    } finally {
      driver.confirmer.interrupt();
    }
  }

  private static ConfirmThreadDriver driver(long refuseEvery) {
    return new ConfirmThreadDriver(
        new LoopbackDriver(LoopbackOptions.DEFAULTS, NanoClock.system()), refuseEvery);
  }

  @Test
  void aFullWindowIsRefilledOnTheConfirmingThreadWithEveryMessageOnceInOrder() throws Exception {
    ConfirmThreadDriver driver = driver(0);

    RunResult result = run(closedLoop().messagesPerProducer(20_000).duration(null).build(), driver);

    assertThat(result.ending().status()).isEqualTo("completed");
    assertThat(result.figures().totals().counts().sent()).isEqualTo(20_000);
    assertThat(result.figures().totals().counts().confirmed()).isEqualTo(20_000);
    assertThat(result.figures().totals().counts().received()).isEqualTo(20_000);
    assertThat(result.figures().integrity().clean()).isTrue();
    assertThat(driver.sentOnConfirm.get()).isGreaterThan(10_000);
  }

  @Test
  void aSendTheConfirmingThreadCannotMakeIsMadeByTheProducerThread() throws Exception {
    ConfirmThreadDriver driver = driver(7);

    RunResult result = run(closedLoop().messagesPerProducer(20_000).duration(null).build(), driver);

    assertThat(result.figures().totals().counts().sent()).isEqualTo(20_000);
    assertThat(result.figures().totals().counts().received()).isEqualTo(20_000);
    assertThat(result.figures().integrity().clean()).isTrue();
    assertThat(driver.refused.get()).isPositive();
    assertThat(driver.sentOnProducerThread.get()).isGreaterThanOrEqualTo(driver.refused.get());
  }

  @Test
  void aTimedRunEndsOnTimeWithNothingLeftUnconfirmed() throws Exception {
    ConfirmThreadDriver driver = driver(0);
    long start = System.nanoTime();

    RunResult result = run(closedLoop().duration(Duration.ofMillis(500)).build(), driver);

    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(3));
    assertThat(result.ending().status()).isEqualTo("completed");
    assertThat(result.figures().totals().counts().unconfirmed()).isZero();
    assertThat(result.figures().totals().counts().received())
        .isEqualTo(result.figures().totals().counts().sent())
        .isPositive();
    assertThat(result.figures().integrity().clean()).isTrue();
    assertThat(driver.sentOnConfirm.get()).isPositive();
  }

  @Test
  void aRateLimitedRunSendsOnlyOnTheProducerThread() throws Exception {
    ConfirmThreadDriver driver = driver(0);

    RunResult result =
        run(closedLoop().rate(2_000).duration(Duration.ofMillis(500)).build(), driver);

    assertThat(result.figures().totals().counts().sent()).isPositive();
    assertThat(driver.sentOnConfirm.get()).isZero();
  }

  /**
   * Loopback producers whose confirms come on one thread of the driver's own, which may send; every
   * {@code refuseEvery}-th send offered on that thread is refused (0: none).
   */
  private static final class ConfirmThreadDriver extends DelegatingDriver {
    final AtomicLong sentOnConfirm = new AtomicLong();
    final AtomicLong sentOnProducerThread = new AtomicLong();
    final AtomicLong refused = new AtomicLong();
    private final long refuseEvery;
    private final BlockingQueue<Runnable> confirms = new ArrayBlockingQueue<>(1 << 16);
    final Thread confirmer = new Thread(this::confirmLoop, "test-confirms");

    ConfirmThreadDriver(LoopbackDriver delegate, long refuseEvery) {
      super(delegate);
      this.refuseEvery = refuseEvery;
      confirmer.setDaemon(true);
      confirmer.start();
    }

    private void confirmLoop() {
      try {
        while (true) {
          confirms.take().run();
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }

    @Override
    public Producer createProducer(ProducerSpec spec, SendListener listener)
        throws DriverException {
      SendListener later =
          new SendListener() {
            @Override
            public void onConfirm(long sequence, boolean multiple, SendOutcome outcome) {
              confirms.add(() -> listener.onConfirm(sequence, multiple, outcome));
            }

            @Override
            public void onRetried(long sequence) {
              listener.onRetried(sequence);
            }

            @Override
            public void onReturned(byte[] stamp, int offset) {
              listener.onReturned(stamp, offset);
            }

            @Override
            public void onFailure(DriverException failure) {
              listener.onFailure(failure);
            }
          };
      Producer loopback = delegate.createProducer(spec, later);
      return new Producer() {
        private long offered;

        @Override
        public boolean trySend(OutgoingMessage message) throws DriverException {
          boolean sent = loopback.trySend(message);
          if (sent) {
            sentOnProducerThread.incrementAndGet();
          }
          return sent;
        }

        @Override
        public boolean sendsOnConfirm() {
          return true;
        }

        @Override
        public boolean trySendOnConfirm(OutgoingMessage message) throws DriverException {
          assertThat(Thread.currentThread()).isSameAs(confirmer);
          if (refuseEvery > 0 && ++offered % refuseEvery == 0) {
            refused.incrementAndGet();
            return false;
          }
          boolean sent = loopback.trySend(message);
          if (sent) {
            sentOnConfirm.incrementAndGet();
          }
          return sent;
        }

        @Override
        public void close() throws DriverException {
          loopback.close();
        }
      };
    }
  }
}
