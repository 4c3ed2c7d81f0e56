package io.brokerbench.rate;

import java.time.Instant;
import java.util.concurrent.locks.LockSupport;

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

  private final long epochOffsetNanos;

  private SystemNanoClock() {
    long before = System.nanoTime();
    Instant now = Instant.now();
    long after = System.nanoTime();
    long epochNanos = now.getEpochSecond() * 1_000_000_000L + now.getNano();
    epochOffsetNanos = epochNanos - (before + (after - before) / 2);
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
