package io.brokerbench.rocketmq;

import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.SendListener;
import io.brokerbench.spi.SendOutcome;

/**
 * Makes one producer's confirmations never overlap. The client runs send callbacks on several
 * threads of its callback executor, and the core may record a producer's confirm latency with a
 * single-writer recorder, which loses values written concurrently (one in a few thousand was seen).
 * An uncontended monitor costs far less than the send it confirms.
 */
final class SerialSendListener implements SendListener {
  private final SendListener delegate;

  SerialSendListener(SendListener delegate) {
    this.delegate = delegate;
  }

  @Override
  public synchronized void onConfirm(long sequence, boolean multiple, SendOutcome outcome) {
    delegate.onConfirm(sequence, multiple, outcome);
  }

  /** Not serialised: it only counts, and the core's counter takes any thread. */
  @Override
  public void onRetried(long sequence) {
    delegate.onRetried(sequence);
  }

  @Override
  public synchronized void onReturned(byte[] stamp, int offset) {
    delegate.onReturned(stamp, offset);
  }

  @Override
  public synchronized void onFailure(DriverException failure) {
    delegate.onFailure(failure);
  }
}
