package io.brokerbench.rate;

/**
 * Monotonic time in nanoseconds plus a fixed offset to wall-clock time.
 *
 * <p>Durations use {@link #nanoTime()}. Stamps that cross processes or hosts use epoch time,
 * computed as {@code nanoTime() + epochOffsetNanos()}: one calibration of the wall clock at start,
 * then monotonic ticks, so a stamp never jumps when NTP slews the clock during a run. Across hosts
 * the accuracy of a latency is that of the hosts' clock synchronisation.
 */
public interface NanoClock {

  /** Monotonic time in nanoseconds, as {@link System#nanoTime()}. */
  long nanoTime();

  /** Add this to {@link #nanoTime()} to get nanoseconds since the Unix epoch. */
  long epochOffsetNanos();

  /**
   * Waits until {@link #nanoTime()} reaches the deadline (returns at once if it has).
   *
   * @throws InterruptedException when the waiting thread is interrupted
   */
  void sleepUntil(long deadlineNanos) throws InterruptedException;

  /** Current time in nanoseconds since the Unix epoch. */
  default long epochNanos() {
    return nanoTime() + epochOffsetNanos();
  }

  /** The system clock. */
  static NanoClock system() {
    return SystemNanoClock.INSTANCE;
  }
}
