package io.brokerbench.rocketmq;

import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * The producer client's async-send executor: an async send a producer thread starts runs on that
 * thread, as far as handing the request to the client's I/O thread; any other (a retry started by a
 * client callback, which must not block an I/O thread on a reconnect) runs on a thread of this
 * executor's own.
 *
 * <p>rocketmq-client otherwise hands every {@code send(msg, callback)} to a pool thread first: a
 * thread hand-off and a wake-up per message before the request is even written.
 *
 * <pre>{@code
 * client.setAsyncSenderExecutor(sends);   // after client.start(); sends.shutdown() after client's
 * ProducerThreadSendExecutor.inline(true);
 * try { client.send(message, callback, timeoutMillis); } finally { ProducerThreadSendExecutor.inline(false); }
 * }</pre>
 */
final class ProducerThreadSendExecutor extends AbstractExecutorService {
  private static final ThreadLocal<Boolean> INLINE = ThreadLocal.withInitial(() -> false);

  private final ExecutorService pool =
      Executors.newSingleThreadExecutor(
          task -> {
            Thread thread = new Thread(task, "brokerbench-rocketmq-send");
            thread.setDaemon(true);
            return thread;
          });

  /**
   * Marks the calling thread's sends as inline (true, before an async send) or not (false, after
   * it). Uses {@link Boolean} constants: nothing allocates.
   */
  static void inline(boolean inline) {
    INLINE.set(inline);
  }

  @Override
  public void execute(Runnable task) {
    if (INLINE.get()) {
      task.run();
    } else {
      pool.execute(task);
    }
  }

  @Override
  public void shutdown() {
    pool.shutdown();
  }

  @Override
  public List<Runnable> shutdownNow() {
    return pool.shutdownNow();
  }

  @Override
  public boolean isShutdown() {
    return pool.isShutdown();
  }

  @Override
  public boolean isTerminated() {
    return pool.isTerminated();
  }

  @Override
  public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
    return pool.awaitTermination(timeout, unit);
  }
}
