package io.brokerbench.internal;

/**
 * Runs a tear-down step (closing clients, deleting queues) on a daemon thread of its own and waits
 * for it a bounded time: a client library's close waits for the broker's answer, and a broker that
 * froze or went silent must not hold the end of the run. A step still running after the bound is
 * left behind; it ends with its own timeouts, or with the process. Not API.
 */
public final class BoundedWait {
  private BoundedWait() {}

  /**
   * Runs {@code step} and waits at most {@code millis} for it.
   *
   * @return true when it finished in time
   */
  public static boolean run(String name, Runnable step, long millis) {
    Thread thread = new Thread(step, "brokerbench-" + name);
    thread.setDaemon(true);
    thread.start();
    join(thread, millis);
    return !thread.isAlive();
  }

  /** Waits at most {@code millis} for the thread; keeps the caller's interrupt status. */
  public static void join(Thread thread, long millis) {
    try {
      thread.join(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
