package io.brokerbench.amqp10;

import io.brokerbench.spi.SendListener;

/**
 * AMQP 1.0's flow control as the broker applies it to a sender: it stops granting link credit (as
 * RabbitMQ 4 does during a memory alarm). A sender without credit for {@link #THRESHOLD_NANOS} is
 * reported blocked, and unblocked when credit comes back; shorter gaps are the normal rhythm of
 * credit and are not.
 */
final class CreditStarvation {
  /** One second without credit. */
  static final long THRESHOLD_NANOS = 1_000_000_000L;

  static final String REASON = "no link credit from the broker for 1 s";

  private final SendListener listener;
  private long since = -1;
  private boolean reported;

  CreditStarvation(SendListener listener) {
    this.listener = listener;
  }

  /** The sender found no credit at {@code nowNanos}. */
  void noCredit(long nowNanos) {
    if (since < 0) {
      since = nowNanos;
    } else if (!reported && nowNanos - since >= THRESHOLD_NANOS) {
      reported = true;
      listener.onBlocked(REASON);
    }
  }

  /** The sender had credit. */
  void credit() {
    if (reported) {
      listener.onUnblocked();
      reported = false;
    }
    since = -1;
  }
}
