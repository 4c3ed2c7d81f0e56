package io.brokerbench.amqp091;

import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Runs each task on the thread that submits it. Given to consumer connections, it makes amqp-client
 * call {@code handleDelivery} on the connection's reader thread instead of handing every batch of
 * deliveries to a dispatch thread (a wake-up each), which is safe because our consumers never block
 * nor wait for the broker inside a callback: they record and acknowledge (an asynchronous method).
 * amqp-client never shuts a caller-supplied executor down.
 */
final class CallingThreadExecutor extends AbstractExecutorService {
  private volatile boolean shutdown;

  @Override
  public void execute(Runnable task) {
    task.run();
  }

  @Override
  public void shutdown() {
    shutdown = true;
  }

  @Override
  public List<Runnable> shutdownNow() {
    shutdown = true;
    return List.of();
  }

  @Override
  public boolean isShutdown() {
    return shutdown;
  }

  @Override
  public boolean isTerminated() {
    return shutdown;
  }

  @Override
  public boolean awaitTermination(long timeout, TimeUnit unit) {
    return true;
  }
}
