package io.brokerbench.internal.phase;

import io.brokerbench.internal.RunControl;
import io.brokerbench.rate.NanoClock;
import java.time.Instant;

/**
 * Where measuring starts: the next multiple of the interval since the Unix epoch, so that the
 * intervals of processes started apart line up and the CSV and the interval log cut at the same
 * instants. Not API.
 */
public final class StartBoundary {
  private static final long POLL_NANOS = 50_000_000;

  private StartBoundary() {}

  /**
   * Waits for the first boundary after now (and at or after {@code notBefore}, when given: a start
   * the shards agreed on) and returns it on {@code clock}. An interrupt of the run ends the wait at
   * once: a start time may be up to an hour ahead, far past a signal's grace.
   */
  public static long await(
      NanoClock clock, RunControl control, long intervalNanos, Instant notBefore) {
    long now = clock.nanoTime();
    long epochNow = now + clock.epochOffsetNanos();
    long from = epochNow;
    if (notBefore != null) {
      from =
          Math.max(epochNow, notBefore.getEpochSecond() * 1_000_000_000L + notBefore.getNano() - 1);
    }
    long start = now + (Math.floorDiv(from, intervalNanos) + 1) * intervalNanos - epochNow;
    try {
      for (; now < start && !control.interrupted(); now = clock.nanoTime()) {
        clock.sleepUntil(Math.min(start, now + POLL_NANOS));
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return start;
  }
}
