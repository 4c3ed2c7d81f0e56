package io.brokerbench.result;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Connections producers and consumers lost during a run that rode through them ({@code
 * --on-connection-loss reconnect}): how often, how long the run was without some of its clients,
 * and what was in flight when they went. A run that fails on its first loss has none: its error
 * says why.
 *
 * @param losses connections lost, one per producer or consumer each time
 * @param reconnects of those, the ones whose client reconnected before the run ended
 * @param outageSeconds the time during which at least one producer or consumer was without its
 *     connection
 * @param lostAtEnd true when a client was still reconnecting when the run ended
 * @param inFlightAtLoss messages sent and unconfirmed when their connection went: counted as failed
 *     (their confirm can no longer come), and received all the same when a consumer gets them
 * @param reasons why the connections went, as the clients said
 */
public record ConnectionLosses(
    int losses,
    int reconnects,
    double outageSeconds,
    boolean lostAtEnd,
    long inFlightAtLoss,
    List<String> reasons) {

  /** No connection lost. */
  public static final ConnectionLosses NONE = new ConnectionLosses(0, 0, 0, false, 0, List.of());

  /** Copies the reasons. */
  public ConnectionLosses {
    reasons = reasons == null ? List.of() : List.copyOf(reasons);
  }

  /** True when a connection was lost at least once. */
  public boolean happened() {
    return losses > 0;
  }

  /** Both runs' losses, as of two shards of one workload (their outages may overlap). */
  public ConnectionLosses plus(ConnectionLosses o) {
    List<String> both = new ArrayList<>(reasons);
    o.reasons.stream().filter(r -> !both.contains(r)).forEach(both::add);
    return new ConnectionLosses(
        losses + o.losses,
        reconnects + o.reconnects,
        Math.max(outageSeconds, o.outageSeconds),
        lostAtEnd || o.lostAtEnd,
        inFlightAtLoss + o.inFlightAtLoss,
        both);
  }

  /** The warning a run with lost connections carries, or none. */
  public List<Warning> warnings() {
    if (!happened()) {
      return List.of();
    }
    return List.of(
        new Warning(
            Warning.CONNECTION_LOSS,
            "CONNECTION_LOSS: "
                + describe()
                + ": the outage shows as latency from the intended send time"));
  }

  /** The line for people. */
  public String describe() {
    return String.format(
        Locale.ROOT,
        "%d connection(s) lost, %d reconnected, %.1f s without them in all, %d message(s) in flight"
            + " at the loss counted as failed%s%s",
        losses,
        reconnects,
        outageSeconds,
        inFlightAtLoss,
        reasons.isEmpty() ? "" : " (" + String.join("; ", reasons) + ")",
        lostAtEnd ? ", still reconnecting at the end" : "");
  }
}
