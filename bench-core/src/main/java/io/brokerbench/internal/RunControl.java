package io.brokerbench.internal;

import io.brokerbench.spi.DriverException;

/** The run's stop flag and first failure, shared by every thread of a run. */
public final class RunControl {
  private volatile boolean stopping;
  private volatile boolean interrupted;
  private volatile long interruptedAtNanos;
  private volatile DriverException failure;

  /** True once the run should wind down. */
  public boolean stopping() {
    return stopping;
  }

  /** Asks every loop to wind down (producers stop sending; the drain is cut short). */
  public void stop() {
    stopping = true;
  }

  /**
   * The user interrupted the run (Ctrl-C) at {@code atNanos} ({@link
   * io.brokerbench.rate.NanoClock#nanoTime()}): stop and report what was measured so far. A second
   * interrupt keeps the first one's instant.
   */
  public synchronized void interrupt(long atNanos) {
    if (!interrupted) {
      // Written before the flag, so whoever sees the flag sees the instant.
      interruptedAtNanos = atNanos;
      interrupted = true;
    }
    stopping = true;
  }

  /** True when the user interrupted the run. */
  public boolean interrupted() {
    return interrupted;
  }

  /** When the user interrupted the run; {@code Long.MAX_VALUE} while not interrupted. */
  public long interruptedAtNanos() {
    return interrupted ? interruptedAtNanos : Long.MAX_VALUE;
  }

  /** A producer or consumer failed: keep the first failure and stop. */
  public synchronized void fail(DriverException e) {
    if (failure == null) {
      failure = e;
    }
    stopping = true;
  }

  /** The first failure, or null. */
  public DriverException failure() {
    return failure;
  }
}
