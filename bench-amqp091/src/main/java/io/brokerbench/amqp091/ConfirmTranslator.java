package io.brokerbench.amqp091;

import io.brokerbench.spi.SendListener;
import io.brokerbench.spi.SendOutcome;

/**
 * Maps a producer channel's publisher confirms (delivery tag, multiple) to the core's sequence
 * numbers, without per-message state.
 *
 * <pre>{@code
 * ConfirmTranslator confirms = new ConfirmTranslator(listener);
 * channel.addConfirmListener(confirms::acked, confirms::nacked);
 * // before each publish:
 * if (!confirms.inStep(sequence, channel.getNextPublishSeqNo())) { ... }
 * }</pre>
 *
 * <p>Implementation notes: each producer has its own channel, put in confirm mode before its first
 * publish, and publishes every sequence number exactly once and in order. The channel numbers its
 * publishes from 1 without gaps, so {@code deliveryTag = sequence + offset} with a constant offset,
 * fixed by the first publish: 1 when the run's sequence starts there, more for a producer opened
 * again after a lost connection, whose new channel starts at 1 where the run's sequence goes on. A
 * {@code multiple} confirm of tag T covers exactly the sequence numbers up to {@code T - offset}:
 * the core's window settles every outstanding one up to it. The producer checks the invariant
 * before each publish ({@link #inStep}).
 */
final class ConfirmTranslator {
  private final SendListener listener;
  // Set by the first publish, before any confirm can come; read on the connection's thread.
  private volatile long offset;
  private boolean anchored;

  /** A translator for a channel in confirm mode that has published nothing yet. */
  ConfirmTranslator(SendListener listener) {
    this.listener = listener;
  }

  /**
   * True when the next publish, with this delivery tag, carries this sequence number; the first
   * call fixes the offset between them. Producer thread.
   */
  boolean inStep(long sequence, long nextDeliveryTag) {
    if (!anchored) {
      offset = nextDeliveryTag - sequence;
      anchored = true;
    }
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
