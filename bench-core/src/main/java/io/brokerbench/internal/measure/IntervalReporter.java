package io.brokerbench.internal.measure;

import io.brokerbench.rate.NanoClock;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The run's reporting thread: closes an interval every interval of real time from the start and
 * hands each cut on, and runs the run's periodic checks between them. Not API.
 */
public final class IntervalReporter {
  private static final long STOP_SECONDS = 10;

  private final ScheduledExecutorService executor;

  private IntervalReporter(ScheduledExecutorService executor) {
    this.executor = executor;
  }

  /**
   * Starts cutting {@code collector}'s intervals at {@code start} plus each multiple of {@code
   * intervalNanos} (on {@code clock}), handing each cut to {@code publish}.
   */
  public static IntervalReporter start(
      IntervalCollector collector,
      NanoClock clock,
      long start,
      long intervalNanos,
      Consumer<IntervalCollector.Cut> publish) {
    ScheduledExecutorService executor =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "brokerbench-reporter");
              t.setDaemon(true);
              return t;
            });
    long firstDelay =
        Math.max(0, Math.min(intervalNanos, start + intervalNanos - clock.nanoTime()));
    executor.scheduleAtFixedRate(
        () -> publish.accept(collector.collect()), firstDelay, intervalNanos, TimeUnit.NANOSECONDS);
    return new IntervalReporter(executor);
  }

  /** Runs {@code check} on this thread every {@code periodMillis}, from one period on. */
  public void every(Runnable check, long periodMillis) {
    executor.scheduleWithFixedDelay(check, periodMillis, periodMillis, TimeUnit.MILLISECONDS);
  }

  /** Stops cutting and checking; waits (bounded) for a cut being made to be handed on. */
  public void stop() {
    executor.shutdown();
    try {
      if (!executor.awaitTermination(STOP_SECONDS, TimeUnit.SECONDS)) {
        executor.shutdownNow();
      }
    } catch (InterruptedException e) {
      executor.shutdownNow();
      Thread.currentThread().interrupt();
    }
  }
}
