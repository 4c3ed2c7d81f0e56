package io.brokerbench.rate;

import java.util.concurrent.atomic.AtomicLong;

/** A clock that moves only when told to, or when a caller sleeps (which jumps to the deadline). */
public final class ManualNanoClock implements NanoClock {
  private final AtomicLong now;
  private final long epochOffsetNanos;

  /** A clock at {@code startNanos} with the given epoch offset. */
  public ManualNanoClock(long startNanos, long epochOffsetNanos) {
    this.now = new AtomicLong(startNanos);
    this.epochOffsetNanos = epochOffsetNanos;
  }

  @Override
  public long nanoTime() {
    return now.get();
  }

  @Override
  public long epochOffsetNanos() {
    return epochOffsetNanos;
  }

  @Override
  public void sleepUntil(long deadlineNanos) {
    now.accumulateAndGet(deadlineNanos, Math::max);
  }

  /** Moves the clock forward. */
  public void advance(long nanos) {
    now.addAndGet(nanos);
  }
}
