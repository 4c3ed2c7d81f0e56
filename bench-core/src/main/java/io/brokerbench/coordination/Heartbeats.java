package io.brokerbench.coordination;

import io.brokerbench.rate.NanoClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * When each shard was last heard from, and which have been silent too long. A killed shard's
 * connection closes and is noticed at once; this catches the others: a frozen process, a host cut
 * off the network, whose connections stay open.
 *
 * <p>Not thread-safe: the coordinator's event loop owns it.
 */
final class Heartbeats {
  /** How often each side says it is still there. */
  static final Duration INTERVAL = Duration.ofSeconds(1);

  private final NanoClock clock;
  private final long silentNanos;
  private final Map<Integer, Long> lastHeard = new TreeMap<>();

  /**
   * Heartbeats that count a shard silent for {@code lostAfter} as lost.
   *
   * @param lostAfter several {@link #INTERVAL}s, so that one late heartbeat loses no shard
   */
  Heartbeats(NanoClock clock, Duration lostAfter) {
    this.clock = clock;
    this.silentNanos = lostAfter.toNanos();
  }

  /** The shard said something. */
  void heard(int shard) {
    lastHeard.put(shard, clock.nanoTime());
  }

  /** The shard is no longer watched (it finished, or was named lost). */
  void forget(int shard) {
    lastHeard.remove(shard);
  }

  /** The shards silent too long, each returned once: they are no longer watched. */
  List<Integer> silent() {
    long now = clock.nanoTime();
    List<Integer> silent = new ArrayList<>();
    for (Iterator<Map.Entry<Integer, Long>> i = lastHeard.entrySet().iterator(); i.hasNext(); ) {
      Map.Entry<Integer, Long> e = i.next();
      if (now - e.getValue() >= silentNanos) {
        silent.add(e.getKey());
        i.remove();
      }
    }
    return silent;
  }
}
