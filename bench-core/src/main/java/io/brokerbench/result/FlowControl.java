package io.brokerbench.result;

import java.util.List;

/**
 * Flow control the broker announced during the run (AMQP 0.9.1 {@code connection.blocked} on a
 * memory or disk alarm): while it lasts, sends wait in the client or the socket, and with an open
 * loop the wait shows as latency from the intended send time.
 *
 * @param periods how many times the broker went from taking every producer's messages to blocking
 *     at least one
 * @param blockedSeconds the time during which at least one producer was blocked
 * @param blockedAtEnd true when a producer was still blocked when the run ended
 * @param reasons the broker's reasons, such as {@code low on memory}
 */
public record FlowControl(
    int periods, double blockedSeconds, boolean blockedAtEnd, List<String> reasons) {

  /** No flow control announced. */
  public static final FlowControl NONE = new FlowControl(0, 0, false, List.of());

  /** Copies the reasons. */
  public FlowControl {
    reasons = List.copyOf(reasons);
  }

  /** True when the broker blocked a producer at least once. */
  public boolean happened() {
    return periods > 0;
  }

  /** The line for people, such as {@code blocked 2 times, 10.3 s in all (low on memory)}. */
  public String describe() {
    return String.format(
        java.util.Locale.ROOT,
        "the broker blocked publishers %d time(s), %.1f s in all%s%s",
        periods,
        blockedSeconds,
        reasons.isEmpty() ? "" : " (" + String.join("; ", reasons) + ")",
        blockedAtEnd ? ", still blocked at the end" : "");
  }
}
