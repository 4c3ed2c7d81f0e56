package io.brokerbench.rocketmq;

import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.OutgoingMessage;
import io.brokerbench.spi.SendListener;
import java.util.concurrent.ConcurrentMap;
import org.apache.rocketmq.client.impl.producer.TopicPublishInfo;
import org.apache.rocketmq.client.producer.DefaultMQProducer;

/**
 * The async send path: {@code send(msg, callback)} with a ring of {@link SendSlot}s, one per
 * message the core may have in flight (its window, rounded up to a power of two; {@value
 * SendPath#SLOTS_WITHOUT_WINDOW} without confirms). {@link #trySend} returns false when the next
 * slot is still held by the client. Sends that fail are sent again as the {@link RetryPolicy}
 * allows, each retry counted ({@link RetryingSend}).
 */
final class AsyncSendRing implements SendPath {
  private final MessageStamper stamper;
  private final RefusalCheck refusals;
  private final SendSlot[] slots;
  private final int mask;
  private final ConcurrentMap<String, TopicPublishInfo> routes;
  private long next;

  @SuppressWarnings("deprecation") // getDefaultMQProducerImpl: the only way to the client's routes
  AsyncSendRing(
      DefaultMQProducer client,
      RetryPolicy policy,
      MessageStamper stamper,
      int window,
      int bodyBytes,
      SendListener listener,
      RefusalCheck refusals) {
    this.stamper = stamper;
    this.refusals = refusals;
    this.routes = client.getDefaultMQProducerImpl().getTopicPublishInfoTable();
    int wanted = window > 0 ? window : SLOTS_WITHOUT_WINDOW;
    int capacity = Integer.highestOneBit(Math.max(1, wanted - 1)) << 1;
    slots = new SendSlot[capacity];
    for (int i = 0; i < capacity; i++) {
      slots[i] = new SendSlot(client, policy, stamper.newMessage(bodyBytes), listener);
    }
    mask = capacity - 1;
  }

  @Override
  public boolean trySend(OutgoingMessage message) throws DriverException {
    SendSlot slot = slots[(int) next & mask];
    if (slot.busy()) {
      return false;
    }
    next++;
    stamper.stamp(message, slot.message());
    slot.arm(message.sequence());
    try {
      slot.sendAsync();
    } catch (Exception e) {
      slot.complete(RetryingSend.outcome(e));
      refusals.throwIfFatal(e);
    }
    return true;
  }

  /** The client's I/O thread that answers one send may make the next. */
  @Override
  public boolean sendsOnConfirm() {
    return true;
  }

  /**
   * Sends while the client knows the topic's route. Without it, the client would ask the name
   * server and wait for the answer, which this thread itself has to read.
   */
  @Override
  public boolean trySendOnConfirm(OutgoingMessage message) throws DriverException {
    TopicPublishInfo route = routes.get(slots[0].message().getTopic());
    return route != null && route.ok() && trySend(message);
  }
}
