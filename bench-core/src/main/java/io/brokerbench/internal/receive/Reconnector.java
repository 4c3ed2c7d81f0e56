package io.brokerbench.internal.receive;

import io.brokerbench.internal.Backoff;
import io.brokerbench.internal.RunClients;
import io.brokerbench.internal.RunControl;
import io.brokerbench.internal.events.ConnectionLossLog;
import io.brokerbench.rate.NanoClock;
import io.brokerbench.spi.Consumer;
import io.brokerbench.spi.DriverException;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Opens a consumer again after it lost its connection ({@code --on-connection-loss reconnect}): on
 * a thread of its own, with each consumer's {@link Backoff}, until it opens or the run ends. The
 * waits are real time ({@link Thread#sleep}), so that closing the run interrupts them.
 */
public final class Reconnector {
  /** Opens consumer {@code j} of the run. */
  public interface Opener {
    Consumer open(int j) throws DriverException;
  }

  private final RunControl control;
  private final ConnectionLossLog losses;
  private final List<Consumer> consumers;
  private final Opener opener;
  private final Backoff[] backoffs;
  // A consumer is in here while one thread reconnects it; that thread alone uses its backoff.
  private final Set<Integer> reconnecting = ConcurrentHashMap.newKeySet();
  private ExecutorService threads;

  /**
   * @param clock the run's clock, which times each loss and reconnection
   * @param consumers the driver's consumers, by index; a reconnected one replaces the lost one
   * @param count how many consumers there are
   * @param opener opens one of them again
   */
  public Reconnector(
      NanoClock clock,
      RunControl control,
      ConnectionLossLog losses,
      List<Consumer> consumers,
      int count,
      Opener opener) {
    this.control = control;
    this.losses = losses;
    this.consumers = consumers;
    this.opener = opener;
    this.backoffs = new Backoff[count];
    for (int j = 0; j < count; j++) {
      backoffs[j] = new Backoff(clock);
    }
  }

  /** Consumer {@code j}, called {@code name}, lost its connection. Any thread. */
  public void lost(int j, String name, DriverException failure) {
    if (!reconnecting.add(j)) {
      return;
    }
    losses.lost(name, failure.getMessage(), 0);
    long lostAt = backoffs[j].lost();
    synchronized (this) {
      if (threads == null) {
        threads =
            Executors.newCachedThreadPool(
                r -> {
                  Thread t = new Thread(r, "brokerbench-reconnect");
                  t.setDaemon(true);
                  return t;
                });
      }
      if (!threads.isShutdown()) {
        threads.execute(() -> reopen(j, name, lostAt));
      }
    }
  }

  private void reopen(int j, String name, long lostAt) {
    RunClients.closeQuietly(consumers.get(j));
    Backoff backoff = backoffs[j];
    try {
      sleep(backoff.firstWaitNanos());
      for (int attempt = 1; !control.stopping(); attempt++) {
        try {
          consumers.set(j, opener.open(j));
          long reconnectedAt = backoff.reconnected();
          reconnecting.remove(j);
          losses.reconnected(name, attempt, reconnectedAt - lostAt);
          return;
        } catch (DriverException | RuntimeException e) {
          // Not back yet: wait and try again.
        }
        sleep(backoff.nextWaitNanos());
      }
    } catch (InterruptedException e) {
      // The run is closing.
    }
  }

  private static void sleep(long nanos) throws InterruptedException {
    if (nanos > 0) {
      Thread.sleep(TimeUnit.NANOSECONDS.toMillis(nanos));
    }
  }

  /** Stops reconnecting and waits at most {@code millis} for the threads that were. */
  public void close(long millis) {
    ExecutorService running;
    synchronized (this) {
      running = threads;
      if (running != null) {
        running.shutdownNow();
      }
    }
    if (running != null) {
      try {
        running.awaitTermination(millis, TimeUnit.MILLISECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
