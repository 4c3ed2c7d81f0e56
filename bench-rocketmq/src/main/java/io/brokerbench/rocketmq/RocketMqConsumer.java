package io.brokerbench.rocketmq;

import io.brokerbench.spi.Consumer;

/**
 * One push consumer with its own client instance (consumers of different groups cannot share one in
 * a JVM). Closing stops deliveries to the core at once and shuts the client down in the background,
 * since each client takes about three seconds to stop; the driver waits for those shutdowns when it
 * closes.
 */
final class RocketMqConsumer implements Consumer {
  private final RocketMqDriver driver;
  private final String name;
  private final Runnable shutdown;
  private final DeliveryDispatcher dispatcher;
  private boolean closed;

  RocketMqConsumer(
      RocketMqDriver driver, String name, Runnable shutdown, DeliveryDispatcher dispatcher) {
    this.driver = driver;
    this.name = name;
    this.shutdown = shutdown;
    this.dispatcher = dispatcher;
  }

  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    dispatcher.close();
    driver.shutdownInBackground(name, shutdown);
  }
}
