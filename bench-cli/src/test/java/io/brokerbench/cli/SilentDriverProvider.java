package io.brokerbench.cli;

import io.brokerbench.loopback.LoopbackDriverProvider;
import io.brokerbench.spi.Driver;
import io.brokerbench.spi.DriverOption;
import io.brokerbench.spi.DriverProvider;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

/**
 * A test driver whose open waits, like a connect to a port that never answers, until the test lets
 * it open (a loopback driver); one test at a time.
 */
public final class SilentDriverProvider implements DriverProvider {
  static volatile CountDownLatch opening = new CountDownLatch(1);
  static volatile CountDownLatch answer = new CountDownLatch(1);
  static volatile CountDownLatch closed = new CountDownLatch(1);

  /** Fresh latches for the next test. */
  static void reset() {
    opening = new CountDownLatch(1);
    answer = new CountDownLatch(1);
    closed = new CountDownLatch(1);
  }

  @Override
  public String name() {
    return "silent";
  }

  @Override
  public String description() {
    return "test driver whose open waits until the test lets it";
  }

  @Override
  public List<DriverOption> options() {
    return List.of();
  }

  @Override
  public Driver open(Map<String, String> options) {
    opening.countDown();
    try {
      answer.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    CountDownLatch whenClosed = closed;
    return new io.brokerbench.contract.DelegatingDriver(
        new LoopbackDriverProvider().open(Map.of())) {
      @Override
      public void close() throws io.brokerbench.spi.DriverException {
        super.close();
        whenClosed.countDown();
      }
    };
  }
}
