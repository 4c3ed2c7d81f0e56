package io.brokerbench.rocketmq;

import java.util.Arrays;
import java.util.concurrent.locks.LockSupport;

/**
 * One daemon thread per driver that sends each {@link BatchSender}'s partial batch once it lingered
 * long enough, so no message waits for a batch that never fills. Started with the first batching
 * producer, stopped when the driver closes.
 */
final class BatchFlusher implements Runnable {
  private final long periodNanos;
  private final Thread thread;
  private volatile BatchSender[] senders = new BatchSender[0];
  private volatile boolean running = true;

  BatchFlusher(long lingerNanos) {
    this.periodNanos = Math.max(100_000, lingerNanos / 2);
    this.thread = new Thread(this, "brokerbench-rocketmq-batch-flusher");
    this.thread.setDaemon(true);
    this.thread.start();
  }

  synchronized void register(BatchSender sender) {
    BatchSender[] next = Arrays.copyOf(senders, senders.length + 1);
    next[next.length - 1] = sender;
    senders = next;
  }

  @Override
  public void run() {
    while (running) {
      long now = System.nanoTime();
      for (BatchSender sender : senders) {
        sender.flushIfLingered(now);
      }
      LockSupport.parkNanos(periodNanos);
    }
  }

  /** Stops the thread. */
  void stop() {
    running = false;
    LockSupport.unpark(thread);
    try {
      thread.join(1_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
