package io.brokerbench.amqp10;

/**
 * The receiver's credit refill policy: keep up to {@code window} credits outstanding and top up
 * once half of them are used, so the broker never runs dry while a refill is on its way and the
 * client issues one flow frame per {@code window / 2} deliveries, not one per delivery.
 *
 * <p>Credit here counts transfers, not unsettled deliveries (AMQP 1.0 separates the two): a
 * receiver that accepts in batches ({@code MULTIPLE}) keeps receiving while a batch is open.
 */
final class CreditWindow {
  private final int window;
  private final int refillAt;
  private long granted;
  private long used;

  CreditWindow(int window) {
    this.window = window;
    this.refillAt = Math.max(0, window / 2);
  }

  /** Credit to grant at start. */
  int initial() {
    granted = window;
    return window;
  }

  /**
   * One delivery arrived.
   *
   * @return credit to add now, or 0
   */
  int onDelivery() {
    used++;
    long remaining = granted - used;
    if (remaining > refillAt) {
      return 0;
    }
    int add = (int) (window - remaining);
    granted += add;
    return add;
  }
}
