package io.brokerbench.internal.events;

import io.brokerbench.rate.NanoClock;
import io.brokerbench.result.ConnectionLosses;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The connections a run's producers and consumers lost and got back ({@code --on-connection-loss
 * reconnect}), from any thread: the outages, their total length (while at least one client was
 * without its connection), and the notices the console shows as they happen.
 */
public final class ConnectionLossLog {
  private static final int MAX_REASONS = 5;

  private final OutagePeriods<String> down;
  private final Set<String> reasons = new LinkedHashSet<>();
  private final NoticeQueue notices = new NoticeQueue();
  private int losses;
  private int reconnects;
  private long inFlightAtLoss;

  public ConnectionLossLog(NanoClock clock) {
    this.down = new OutagePeriods<>(clock);
  }

  /**
   * A client lost its connection and starts reconnecting.
   *
   * @param client such as {@code producer 0}
   * @param inFlight its messages sent and unconfirmed at the loss
   */
  public synchronized void lost(String client, String reason, long inFlight) {
    if (!down.start(client)) {
      return;
    }
    losses++;
    inFlightAtLoss += inFlight;
    if (reasons.size() < MAX_REASONS) {
      reasons.add(reason);
    }
    notices.add("CONNECTION LOST: " + client + ": " + reason + "; reconnecting");
  }

  /** The client has its connection again, after {@code attempts} tries. */
  public synchronized void reconnected(String client, int attempts, long outageNanos) {
    if (!down.end(client)) {
      return;
    }
    reconnects++;
    notices.add(
        String.format(
            Locale.ROOT,
            "RECONNECTED: %s after %.1f s (%d attempt(s))",
            client,
            outageNanos / 1e9,
            attempts));
  }

  /** The notices since the last call, in order. */
  public List<String> takeNotices() {
    return notices.take();
  }

  /** What happened so far, an outage still going counted up to now. */
  public synchronized ConnectionLosses summary() {
    return new ConnectionLosses(
        losses,
        reconnects,
        down.totalNanos() / 1e9,
        down.ongoing(),
        inFlightAtLoss,
        List.copyOf(reasons));
  }
}
