package io.brokerbench.internal;

import io.brokerbench.rate.NanoClock;
import io.brokerbench.result.ConnectionLosses;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * The connections a run's producers and consumers lost and got back ({@code --on-connection-loss
 * reconnect}), from any thread: the outages, their total length (while at least one client was
 * without its connection), and the notices the console shows as they happen.
 */
final class ConnectionLossLog {
  private static final int MAX_REASONS = 5;

  private final NanoClock clock;
  private final Set<String> down = new TreeSet<>();
  private final Set<String> reasons = new LinkedHashSet<>();
  private final List<String> notices = new ArrayList<>();
  private int losses;
  private int reconnects;
  private long inFlightAtLoss;
  private long since;
  private long totalNanos;

  ConnectionLossLog(NanoClock clock) {
    this.clock = clock;
  }

  /**
   * A client lost its connection and starts reconnecting.
   *
   * @param client such as {@code producer 0}
   * @param inFlight its messages sent and unconfirmed at the loss
   */
  synchronized void lost(String client, String reason, long inFlight) {
    if (!down.add(client)) {
      return;
    }
    losses++;
    inFlightAtLoss += inFlight;
    if (reasons.size() < MAX_REASONS) {
      reasons.add(reason);
    }
    if (down.size() == 1) {
      since = clock.nanoTime();
    }
    notices.add("CONNECTION LOST: " + client + ": " + reason + "; reconnecting");
  }

  /** The client has its connection again, after {@code attempts} tries. */
  synchronized void reconnected(String client, int attempts, long outageNanos) {
    if (!down.remove(client)) {
      return;
    }
    reconnects++;
    if (down.isEmpty()) {
      totalNanos += clock.nanoTime() - since;
    }
    notices.add(
        String.format(
            Locale.ROOT,
            "RECONNECTED: %s after %.1f s (%d attempt(s))",
            client,
            outageNanos / 1e9,
            attempts));
  }

  /** The notices since the last call, in order. */
  synchronized List<String> takeNotices() {
    if (notices.isEmpty()) {
      return Collections.emptyList();
    }
    List<String> taken = List.copyOf(notices);
    notices.clear();
    return taken;
  }

  /** What happened so far, an outage still going counted up to now. */
  synchronized ConnectionLosses summary() {
    long nanos = totalNanos + (down.isEmpty() ? 0 : clock.nanoTime() - since);
    return new ConnectionLosses(
        losses, reconnects, nanos / 1e9, !down.isEmpty(), inFlightAtLoss, List.copyOf(reasons));
  }
}
