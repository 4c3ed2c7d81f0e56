package io.brokerbench.rate;

/**
 * A manual clock with one time per thread: each thread starts at the same instant and moves only
 * when it sleeps (jumping to the deadline). With the loopback driver delivering on the producer's
 * thread, every latency then depends only on that producer's own schedule and faults, not on how
 * the threads of a test interleave — so two runs of the same messages give identical histograms.
 */
public final class ThreadLocalManualClock implements NanoClock {
  private final ThreadLocal<long[]> now;
  private final long epochOffsetNanos;

  /** A clock at {@code startNanos} on every thread, with the given epoch offset. */
  public ThreadLocalManualClock(long startNanos, long epochOffsetNanos) {
    this.now = ThreadLocal.withInitial(() -> new long[] {startNanos});
    this.epochOffsetNanos = epochOffsetNanos;
  }

  @Override
  public long nanoTime() {
    return now.get()[0];
  }

  @Override
  public long epochOffsetNanos() {
    return epochOffsetNanos;
  }

  @Override
  public void sleepUntil(long deadlineNanos) {
    long[] time = now.get();
    time[0] = Math.max(time[0], deadlineNanos);
  }
}
