package io.brokerbench.internal;

import io.brokerbench.spi.DriverException;

/** The run's stop flag and first failure, shared by every thread of a run. */
final class RunControl {
  private volatile boolean stopping;
  private volatile boolean interrupted;
  private volatile DriverException failure;

  /** True once the run should wind down. */
  boolean stopping() {
    return stopping;
  }

  /** Asks every loop to wind down (producers stop sending; the drain is cut short). */
  void stop() {
    stopping = true;
  }

  /** The user interrupted the run (Ctrl-C): stop and report what was measured so far. */
  void interrupt() {
    interrupted = true;
    stopping = true;
  }

  /** True when the user interrupted the run. */
  boolean interrupted() {
    return interrupted;
  }

  /** A producer or consumer failed: keep the first failure and stop. */
  synchronized void fail(DriverException e) {
    if (failure == null) {
      failure = e;
    }
    stopping = true;
  }

  /** The first failure, or null. */
  DriverException failure() {
    return failure;
  }
}
