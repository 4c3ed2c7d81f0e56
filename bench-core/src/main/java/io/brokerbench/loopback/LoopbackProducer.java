package io.brokerbench.loopback;

import io.brokerbench.rate.NanoClock;
import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.OutgoingMessage;
import io.brokerbench.spi.Producer;
import io.brokerbench.spi.SendListener;
import io.brokerbench.spi.SendOutcome;

/**
 * Sends into a {@link LoopbackQueue}, injecting the configured faults, and confirms (or refuses) at
 * once.
 */
final class LoopbackProducer implements Producer {
  private final LoopbackQueue queue;
  private final LoopbackOptions options;
  private final NanoClock clock;
  private final BrokerIncidents incidents;
  private final int connection;
  private final SendListener listener;
  private final byte[] held = new byte[OutgoingMessage.STAMP_BYTES];
  private boolean holding;

  /**
   * @param connection the incarnation of the broker this producer connected to
   */
  LoopbackProducer(
      LoopbackQueue queue,
      LoopbackOptions options,
      NanoClock clock,
      BrokerIncidents incidents,
      int connection,
      SendListener listener) {
    this.queue = queue;
    this.options = options;
    this.clock = clock;
    this.incidents = incidents;
    this.connection = connection;
    this.listener = listener;
  }

  @Override
  public boolean trySend(OutgoingMessage message) throws DriverException {
    long sequence = message.sequence();
    if (sequence == options.stallAfter()) {
      stall();
    }
    incidents.beforeSend(sequence, connection);
    if (LoopbackOptions.every(options.refuseEvery(), sequence)) {
      listener.onConfirm(sequence, false, SendOutcome.REJECTED);
      return true;
    }
    byte[] stamp = message.stamp();
    if (LoopbackOptions.every(options.dropEvery(), sequence)) {
      accept(sequence);
      return true;
    }
    if (!holding && LoopbackOptions.every(options.reorderEvery(), sequence)) {
      System.arraycopy(stamp, 0, held, 0, held.length);
      holding = true;
      accept(sequence);
      return true;
    }
    if (!queue.offer(stamp, 0)) {
      return false;
    }
    if (LoopbackOptions.every(options.duplicateEvery(), sequence)) {
      offerUntilAccepted(stamp);
    }
    if (holding) {
      offerUntilAccepted(held);
      holding = false;
    }
    accept(sequence);
    return true;
  }

  /**
   * Confirms a message the queue took. An injected retry is reported here, once the message is
   * taken, so a full queue (the core trying the same message again) does not count it twice.
   */
  private void accept(long sequence) {
    if (LoopbackOptions.every(options.retryEvery(), sequence)) {
      listener.onRetried(sequence);
    }
    listener.onConfirm(sequence, false, SendOutcome.ACCEPTED);
  }

  private void stall() throws DriverException {
    try {
      clock.sleepUntil(clock.nanoTime() + options.stall().toNanos());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DriverException("interrupted during an injected stall", e);
    }
  }

  private void offerUntilAccepted(byte[] stamp) throws DriverException {
    long deadline = System.nanoTime() + 1_000_000_000L;
    while (!queue.offer(stamp, 0)) {
      if (System.nanoTime() > deadline) {
        throw new DriverException("loopback queue stayed full for 1 s: is a consumer attached?");
      }
      Thread.onSpinWait();
    }
  }

  @Override
  public void close() {}
}
