package io.brokerbench.internal;

import io.brokerbench.rate.NanoClock;

/**
 * The waits between attempts to reconnect one producer or consumer ({@code --on-connection-loss
 * reconnect}): the first attempt at once, then waits of 100 ms doubling up to 2 s. A connection
 * lost again within 1 s of reconnecting is the same trouble, not a fresh one: its waits go on
 * growing from where the last reconnection left them, the first attempt included. Times are the
 * run's {@link NanoClock}'s; one reconnecting thread at a time.
 *
 * <pre>{@code
 * long lostAt = backoff.lost();
 * pause(backoff.firstWaitNanos());          // 0 unless lost again soon
 * while (!open()) {
 *   pause(backoff.nextWaitNanos());         // 100 ms, 200 ms, ... 2 s
 * }
 * long downNanos = backoff.reconnected() - lostAt;
 * }</pre>
 */
public final class Backoff {
  private static final long FIRST_WAIT_NANOS = 100_000_000;
  private static final long MOST_WAIT_NANOS = 2_000_000_000;
  // A connection lost again this soon after a reconnection is the same trouble: no fresh start.
  private static final long STABLE_NANOS = 1_000_000_000;

  private final NanoClock clock;
  private long reconnectedAt = Long.MIN_VALUE / 2;
  // The wait reached when the last reconnection succeeded.
  private long reconnectedWaitNanos;
  private long waitNanos;
  private boolean flapping;

  /** A backoff reading the run's clock. */
  public Backoff(NanoClock clock) {
    this.clock = clock;
  }

  /** The connection was lost now; returns now ({@link NanoClock#nanoTime()}). */
  public long lost() {
    long now = clock.nanoTime();
    flapping = now - reconnectedAt < STABLE_NANOS;
    waitNanos = flapping ? Math.min(reconnectedWaitNanos * 2, MOST_WAIT_NANOS) : FIRST_WAIT_NANOS;
    return now;
  }

  /** The wait before the first attempt since {@link #lost()}: none, unless lost again soon. */
  public long firstWaitNanos() {
    return flapping ? waitNanos : 0;
  }

  /** An attempt failed: the wait before the next one, twice the last up to 2 s. */
  public long nextWaitNanos() {
    long wait = waitNanos;
    waitNanos = Math.min(waitNanos * 2, MOST_WAIT_NANOS);
    return wait;
  }

  /** An attempt succeeded now; returns now ({@link NanoClock#nanoTime()}). */
  public long reconnected() {
    reconnectedAt = clock.nanoTime();
    reconnectedWaitNanos = waitNanos;
    return reconnectedAt;
  }
}
