package io.brokerbench.rocketmq;

import io.brokerbench.spi.DeliveryListener;
import io.brokerbench.spi.DriverException;
import java.util.List;
import org.apache.rocketmq.client.consumer.DefaultLitePullConsumer;
import org.apache.rocketmq.common.message.MessageExt;

/**
 * Polls a {@link DefaultLitePullConsumer} on its own thread and hands each batch to the {@link
 * DeliveryDispatcher}; the client commits offsets itself (auto-commit). One thread per consumer, so
 * deliveries never overlap.
 */
final class LitePullLoop implements Runnable {
  private static final long POLL_MILLIS = 100;

  private final DefaultLitePullConsumer client;
  private final DeliveryDispatcher dispatcher;
  private final DeliveryListener listener;
  private final Thread thread;
  private volatile boolean running = true;

  LitePullLoop(
      DefaultLitePullConsumer client,
      DeliveryDispatcher dispatcher,
      DeliveryListener listener,
      String name) {
    this.client = client;
    this.dispatcher = dispatcher;
    this.listener = listener;
    this.thread = new Thread(this, "brokerbench-rocketmq-pull-" + name);
    this.thread.setDaemon(true);
  }

  void start() {
    thread.start();
  }

  @Override
  public void run() {
    try {
      while (running) {
        List<MessageExt> batch = client.poll(POLL_MILLIS);
        if (!batch.isEmpty()) {
          dispatcher.deliver(batch);
        }
      }
    } catch (RuntimeException e) {
      if (running) {
        listener.onFailure(
            new DriverException("the RocketMQ pull consumer failed: " + Errors.reason(e), e));
      }
    }
  }

  /** Stops polling and waits (bounded) for the thread, then shuts the client down. */
  void stopAndShutdown() {
    running = false;
    try {
      thread.join(2 * POLL_MILLIS + 1_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    client.shutdown();
  }
}
