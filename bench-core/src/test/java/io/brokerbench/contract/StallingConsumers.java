package io.brokerbench.contract;

import io.brokerbench.spi.Consumer;
import io.brokerbench.spi.ConsumerSpec;
import io.brokerbench.spi.DeliveryListener;
import io.brokerbench.spi.Driver;
import io.brokerbench.spi.DriverException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A driver whose consumers pass on their first deliveries and then stop: each later delivery holds
 * its delivery thread until the latch opens (or a bound passes) and is not passed on, so the broker
 * keeps what the consumers did not get to — a backlog left at the end of a run, without a slow
 * broker.
 */
public final class StallingConsumers extends DelegatingDriver {
  private final int passedOn;
  private final CountDownLatch release;
  private final Duration maxHold;

  /**
   * @param delegate the driver everything goes to
   * @param passedOn deliveries each consumer passes on before it stalls
   * @param release opened when the run is over, to let the held delivery threads go
   * @param maxHold the longest a delivery thread is held if the latch stays shut; longer than the
   *     run's drain timeout, or the held deliveries end before the drain does
   */
  public StallingConsumers(
      Driver delegate, int passedOn, CountDownLatch release, Duration maxHold) {
    super(delegate);
    this.passedOn = passedOn;
    this.release = release;
    this.maxHold = maxHold;
  }

  @Override
  public Consumer createConsumer(ConsumerSpec spec, DeliveryListener listener)
      throws DriverException {
    AtomicInteger delivered = new AtomicInteger();
    return delegate.createConsumer(
        spec,
        new DeliveryListener() {
          @Override
          public void onDelivery(
              byte[] stamp, int offset, boolean redelivered, long brokerTimestampMillis) {
            if (delivered.incrementAndGet() > passedOn) {
              try {
                release.await(maxHold.toMillis(), TimeUnit.MILLISECONDS);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
              return;
            }
            listener.onDelivery(stamp, offset, redelivered, brokerTimestampMillis);
          }

          @Override
          public void onFailure(DriverException failure) {
            listener.onFailure(failure);
          }
        });
  }
}
