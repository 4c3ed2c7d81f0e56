package io.brokerbench.contract;

import io.brokerbench.spi.DeliveryListener;
import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.SendListener;
import io.brokerbench.spi.SendOutcome;

/**
 * Listeners for driver tests that care about one callback or none.
 *
 * <pre>{@code
 * List<String> confirms = new ArrayList<>();
 * SendListener listener = TestListeners.onConfirm((sequence, multiple, outcome) -> confirms.add(sequence + " " + outcome));
 * }</pre>
 */
public final class TestListeners {
  /** A send listener that ignores everything. */
  public static final SendListener IGNORED_SENDS = onConfirm((sequence, multiple, outcome) -> {});

  /** A delivery listener that ignores everything. */
  public static final DeliveryListener IGNORED_DELIVERIES =
      new DeliveryListener() {
        @Override
        public void onDelivery(
            byte[] stamp, int offset, boolean redelivered, long brokerTimestampMillis) {}

        @Override
        public void onFailure(DriverException failure) {}
      };

  private TestListeners() {}

  /** What a test does with a confirm. */
  @FunctionalInterface
  public interface ConfirmAction {
    /** The arguments of {@link SendListener#onConfirm}. */
    void onConfirm(long sequence, boolean multiple, SendOutcome outcome);
  }

  /** A send listener that hands confirms to {@code action} and ignores returns and failures. */
  public static SendListener onConfirm(ConfirmAction action) {
    return new SendListener() {
      @Override
      public void onConfirm(long sequence, boolean multiple, SendOutcome outcome) {
        action.onConfirm(sequence, multiple, outcome);
      }

      @Override
      public void onReturned(byte[] stamp, int offset) {}

      @Override
      public void onFailure(DriverException failure) {}
    };
  }
}
