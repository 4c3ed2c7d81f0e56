package io.brokerbench.internal.events;

import io.brokerbench.rate.NanoClock;
import java.util.HashSet;
import java.util.Set;

/**
 * The periods during which at least one of a run's clients was out (blocked by the broker, or
 * without its connection): how many there were and how long they lasted together, overlapping
 * outages of several clients counted once. Not thread-safe: its owner synchronizes.
 *
 * @param <K> what names a client
 */
public final class OutagePeriods<K> {
  private final NanoClock clock;
  private final Set<K> out = new HashSet<>();
  private int periods;
  private long since;
  private long lastNanos;
  private long totalNanos;

  public OutagePeriods(NanoClock clock) {
    this.clock = clock;
  }

  /**
   * The client is out from now.
   *
   * @return false if it was out already
   */
  public boolean start(K client) {
    if (!out.add(client)) {
      return false;
    }
    if (out.size() == 1) {
      periods++;
      since = clock.nanoTime();
    }
    return true;
  }

  /**
   * The client is back from now.
   *
   * @return false if it was not out
   */
  public boolean end(K client) {
    if (!out.remove(client)) {
      return false;
    }
    if (out.isEmpty()) {
      lastNanos = clock.nanoTime() - since;
      totalNanos += lastNanos;
    }
    return true;
  }

  /** Whether a client is out now. */
  public boolean ongoing() {
    return !out.isEmpty();
  }

  /** How many clients are out now. */
  public int clientsOut() {
    return out.size();
  }

  /** The periods begun so far. */
  public int periods() {
    return periods;
  }

  /** The length of the last period that ended. */
  public long lastNanos() {
    return lastNanos;
  }

  /** The periods' total length, one still going counted up to now. */
  public long totalNanos() {
    return totalNanos + (out.isEmpty() ? 0 : clock.nanoTime() - since);
  }
}
