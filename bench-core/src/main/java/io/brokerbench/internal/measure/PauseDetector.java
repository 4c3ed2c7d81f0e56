package io.brokerbench.internal.measure;

import io.brokerbench.latency.LatencyKind;
import io.brokerbench.latency.LatencyRecorder;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongConsumer;
import java.util.function.LongSupplier;

/**
 * Measures the generator's own stalls, as jHiccup does: a thread that asks to sleep {@link
 * LatencyKind#PAUSE_TICK_NANOS} at a time records how much later than that it woke. A GC pause, a
 * safepoint, a starved CPU or a frozen process delays every thread of the generator alike, and
 * shows here as a long wake-up, so the run can tell a tail the generator caused from one the broker
 * did.
 */
public final class PauseDetector {
  private static final long TICK_NANOS = LatencyKind.PAUSE_TICK_NANOS;

  private final LongSupplier nanoTime;
  private final LongConsumer park;
  private final LatencyRecorder.Writer stalls;
  private final Thread thread;
  private volatile boolean running = true;

  /**
   * @param nanoTime the time the stalls are measured in
   * @param park sleeps about the given nanoseconds
   * @param stalls where each wake-up's lateness goes, in nanoseconds
   */
  public PauseDetector(LongSupplier nanoTime, LongConsumer park, LatencyRecorder.Writer stalls) {
    this.nanoTime = nanoTime;
    this.park = park;
    this.stalls = stalls;
    this.thread = new Thread(this::detect, "brokerbench-pause-detector");
    thread.setDaemon(true);
  }

  /** A detector on the system's clock, started. */
  public static PauseDetector start(LatencyRecorder.Writer stalls) {
    PauseDetector detector = new PauseDetector(System::nanoTime, LockSupport::parkNanos, stalls);
    detector.thread.start();
    return detector;
  }

  private void detect() {
    while (running) {
      tick();
    }
  }

  /** Sleeps one tick and records how late it woke. */
  public void tick() {
    long due = nanoTime.getAsLong() + TICK_NANOS;
    park.accept(TICK_NANOS);
    stalls.record(Math.max(0, nanoTime.getAsLong() - due));
  }

  /** Stops the thread, waiting one second at most for it; again does nothing. */
  public void stop() {
    running = false;
    try {
      thread.join(1_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
