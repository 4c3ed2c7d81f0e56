package io.brokerbench.spi;

import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Runs each task on the thread that submits it, for a client library that takes an executor for its
 * callbacks: the callback then runs on the client's I/O thread, with no hand-off (and wake-up) per
 * message. Only for callbacks that neither block nor wait for the broker. Shutting it down only
 * marks it shut down.
 *
 * <pre>{@code
 * factory.newConnection(new CallingThreadExecutor(), name);   // amqp-client consumer dispatch
 * }</pre>
 */
public final class CallingThreadExecutor extends AbstractExecutorService {
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
