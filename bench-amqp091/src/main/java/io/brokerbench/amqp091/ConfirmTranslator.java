package io.brokerbench.amqp091;

import io.brokerbench.spi.SendListener;
import io.brokerbench.spi.SendOutcome;

/**
 * Maps a producer channel's publisher confirms (delivery tag, multiple) to the core's sequence
 * numbers, without per-message state.
 *
 * <pre>{@code
 * ConfirmTranslator confirms = new ConfirmTranslator(listener, channel.getNextPublishSeqNo());
 * channel.addConfirmListener(confirms::acked, confirms::nacked);
 * }</pre>
 *
 * <p>Implementation notes: each producer has its own channel, put in confirm mode before its first
 * publish, and publishes every sequence number exactly once and in order, starting at 0. The
 * channel numbers its publishes from 1 without gaps, so {@code deliveryTag = sequence + offset}
 * with a constant offset (1), and a {@code multiple} confirm of tag T covers exactly the sequence
 * numbers up to {@code T - offset}: the core's window settles every outstanding one up to it. The
 * producer checks the invariant before each publish ({@link #inStep}).
 */
final class ConfirmTranslator {
  private final SendListener listener;
  private final long offset;

  /**
   * A translator for a channel whose next publish gets {@code firstDeliveryTag}, for sequence 0.
   */
  ConfirmTranslator(SendListener listener, long firstDeliveryTag) {
    this.listener = listener;
    this.offset = firstDeliveryTag;
  }

  /** True when the next publish, with this delivery tag, carries this sequence number. */
  boolean inStep(long sequence, long nextDeliveryTag) {
    return nextDeliveryTag - offset == sequence;
  }

  /** The broker confirmed {@code deliveryTag} (and every earlier one when {@code multiple}). */
  void acked(long deliveryTag, boolean multiple) {
    listener.onConfirm(deliveryTag - offset, multiple, SendOutcome.ACCEPTED);
  }

  /** The broker refused {@code deliveryTag} (and every earlier one when {@code multiple}). */
  void nacked(long deliveryTag, boolean multiple) {
    listener.onConfirm(deliveryTag - offset, multiple, SendOutcome.REJECTED);
  }
}
