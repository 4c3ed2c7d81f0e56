package io.brokerbench.internal.measure;

import io.brokerbench.rate.NanoClock;
import io.brokerbench.spi.BrokerLoadReader;
import io.brokerbench.spi.BrokerNodeReading;
import io.brokerbench.spi.DriverException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Reads the broker's own load at the start of sending and at every interval's end, on a thread of
 * its own so that a slow endpoint delays no send and no report, and once more when the run stops. A
 * reading that fails is counted and its message kept; the run goes on. Not API.
 */
public final class BrokerLoadSampler {
  /** How long {@link #stop} waits for a reading under way, beyond the reader's own timeout. */
  private static final long STOP_WAIT_MILLIS = 5_000;

  /** One reading of every node, at {@code nanos} on the run's clock (the reading's middle). */
  public record Reading(long nanos, List<BrokerNodeReading> nodes) {}

  /**
   * What the sampler read.
   *
   * @param source where the figures came from, or null when no reading succeeded
   * @param readings the readings that succeeded, in time order
   * @param failures how many failed
   * @param lastFailure the last failure's message, or null
   * @param memoryBreakdown the broker's memory by category at the end, or empty
   */
  public record Readings(
      String source,
      List<Reading> readings,
      int failures,
      String lastFailure,
      Map<String, Long> memoryBreakdown) {}

  private final BrokerLoadReader reader;
  private final NanoClock clock;
  private final ScheduledExecutorService thread;
  private final List<Reading> readings = new ArrayList<>();
  private int failures;
  private String lastFailure;
  // Guards stopped: the run's end and its clean-up may both stop the sampler.
  private final Object stopping = new Object();
  private Readings stopped;

  private BrokerLoadSampler(BrokerLoadReader reader, NanoClock clock) {
    this.reader = reader;
    this.clock = clock;
    this.thread =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "brokerbench-broker-load");
              t.setDaemon(true);
              return t;
            });
  }

  /**
   * Starts reading now and at {@code start + k * intervalNanos}.
   *
   * @param start when sending starts, on {@code clock}
   */
  public static BrokerLoadSampler start(
      BrokerLoadReader reader, NanoClock clock, long start, long intervalNanos) {
    BrokerLoadSampler sampler = new BrokerLoadSampler(reader, clock);
    sampler.thread.execute(sampler::read);
    long now = clock.nanoTime();
    long next = start + Math.max(1, (now - start) / intervalNanos + 1) * intervalNanos;
    sampler.thread.scheduleAtFixedRate(
        sampler::read, next - now, intervalNanos, TimeUnit.NANOSECONDS);
    return sampler;
  }

  private void read() {
    long before = clock.nanoTime();
    try {
      List<BrokerNodeReading> nodes = reader.read();
      long after = clock.nanoTime();
      synchronized (this) {
        readings.add(new Reading(before + (after - before) / 2, nodes));
      }
    } catch (DriverException | RuntimeException e) {
      synchronized (this) {
        failures++;
        lastFailure = e.getMessage();
      }
    }
  }

  /**
   * Takes the last reading and the memory breakdown, stops the thread and gives what was read; the
   * same again when called again (a run's clean-up stops what its end already stopped).
   */
  public Readings stop() {
    synchronized (stopping) {
      if (stopped == null) {
        stopped = stopNow();
      }
      return stopped;
    }
  }

  private Readings stopNow() {
    thread.shutdown();
    try {
      if (thread.awaitTermination(STOP_WAIT_MILLIS, TimeUnit.MILLISECONDS)) {
        read();
      } else {
        thread.shutdownNow();
      }
    } catch (InterruptedException e) {
      thread.shutdownNow();
      Thread.currentThread().interrupt();
    }
    Map<String, Long> breakdown = Map.of();
    boolean anyRead;
    synchronized (this) {
      anyRead = !readings.isEmpty();
    }
    if (anyRead && !Thread.currentThread().isInterrupted()) {
      try {
        breakdown = reader.memoryBreakdown();
      } catch (DriverException | RuntimeException e) {
        // The breakdown is a detail: the figures stand without it.
      }
    }
    synchronized (this) {
      return new Readings(
          readings.isEmpty() ? null : reader.source(),
          List.copyOf(readings),
          failures,
          lastFailure,
          breakdown);
    }
  }
}
