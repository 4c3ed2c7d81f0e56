package io.brokerbench.rocketmq;

import io.brokerbench.spi.DeliveryListener;
import io.brokerbench.spi.OutgoingMessage;
import java.util.List;
import org.apache.rocketmq.common.message.MessageExt;

/**
 * Hands one consumer's messages to the core's {@link DeliveryListener}. The push consumer calls it
 * from several consume threads at once; the lock serializes the calls, as the SPI requires. Reads
 * the stamp from the body (or the stamp property), the redelivery flag from the reconsume count and
 * the broker's store time for the store-to-consume latency. Allocates nothing itself.
 */
final class DeliveryDispatcher {
  /** What a replier does with each request, after the core saw it. */
  interface Answer {
    void answer(MessageExt request);
  }

  private final DeliveryListener listener;
  private final Answer answer;
  private final byte[] scratch = new byte[OutgoingMessage.STAMP_BYTES];
  private volatile boolean closed;

  /**
   * A dispatcher to {@code listener}.
   *
   * @param answer a replier's answer to each stamped message, or null for a plain consumer
   */
  DeliveryDispatcher(DeliveryListener listener, Answer answer) {
    this.listener = listener;
    this.answer = answer;
  }

  /** Delivers a batch; any consume thread. */
  void deliver(List<MessageExt> messages) {
    if (closed) {
      return;
    }
    synchronized (this) {
      for (int i = 0, n = messages.size(); i < n; i++) {
        MessageExt message = messages.get(i);
        byte[] stamp = MessageStamper.stampOf(message, scratch);
        if (stamp == null) {
          // Not sent by brokerbench (no stamp): nothing to measure or check.
          continue;
        }
        listener.onDelivery(stamp, 0, message.getReconsumeTimes() > 0, message.getStoreTimestamp());
        if (answer != null) {
          answer.answer(message);
        }
      }
    }
  }

  /** Stops handing messages to the core; later deliveries are acknowledged and dropped. */
  void close() {
    closed = true;
  }
}
