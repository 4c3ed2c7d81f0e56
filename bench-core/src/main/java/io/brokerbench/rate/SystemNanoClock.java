package io.brokerbench.rate;

import java.time.Instant;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * {@link System#nanoTime()} with a wall-clock offset calibrated once.
 *
 * <p>Implementation notes: {@code parkNanos} overshoots by the kernel's timer slack (about 50 µs on
 * Linux), which would show up as schedule slip on every send at high rates. So the clock parks
 * until {@link #SPIN_NANOS} before the deadline and spins the rest.
 */
final class SystemNanoClock implements NanoClock {
  static final SystemNanoClock INSTANCE = new SystemNanoClock();

  private static final long SPIN_NANOS = 60_000;

  // Enough that one of them is almost surely taken without a preemption, a few microseconds in all.
  private static final int CALIBRATION_SAMPLES = 32;

  private final long epochOffsetNanos;

  private SystemNanoClock() {
    epochOffsetNanos = epochOffset(System::nanoTime, Instant::now, CALIBRATION_SAMPLES);
  }

  /**
   * The wall clock's epoch nanoseconds less {@code nanoTime}'s, from the reading whose bracket of
   * two {@code nanoTime} reads is the narrowest of {@code samples}: a thread descheduled between
   * the reads (a loaded machine) would otherwise shift every latency between two processes, whose
   * clocks meet through these offsets, by up to the time it lost (a merged sharded run saw 11 of
   * 12,000 end-to-end latencies below zero).
   */
  static long epochOffset(LongSupplier nanoTime, Supplier<Instant> wallClock, int samples) {
    long narrowest = Long.MAX_VALUE;
    long offset = 0;
    for (int i = 0; i < samples; i++) {
      long before = nanoTime.getAsLong();
      Instant now = wallClock.get();
      long after = nanoTime.getAsLong();
      if (after - before < narrowest) {
        narrowest = after - before;
        long epochNanos = now.getEpochSecond() * 1_000_000_000L + now.getNano();
        offset = epochNanos - (before + (after - before) / 2);
      }
    }
    return offset;
  }

  @Override
  public long nanoTime() {
    return System.nanoTime();
  }

  @Override
  public long epochOffsetNanos() {
    return epochOffsetNanos;
  }

  @Override
  public void sleepUntil(long deadlineNanos) throws InterruptedException {
    long remaining;
    while ((remaining = deadlineNanos - System.nanoTime()) > 0) {
      if (Thread.interrupted()) {
        throw new InterruptedException();
      }
      if (remaining > SPIN_NANOS) {
        LockSupport.parkNanos(remaining - SPIN_NANOS);
      } else {
        Thread.onSpinWait();
      }
    }
  }
}
