package io.brokerbench.rocketmq;

import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.OutgoingMessage;
import io.brokerbench.spi.SendListener;
import org.apache.rocketmq.client.producer.DefaultMQProducer;

/**
 * The sync send path: {@code send(msg)} from one {@link SendSlot} blocks in {@link #trySend} and
 * confirms before returning, a closed loop per producer thread like the RocketMQ tool's {@code -w}
 * threads. Sends that fail are sent again as the {@link RetryPolicy} allows, each retry counted.
 */
final class SyncSend implements SendPath {
  private final MessageStamper stamper;
  private final RefusalCheck refusals;
  private final SendSlot slot;

  SyncSend(
      DefaultMQProducer client,
      RetryPolicy policy,
      MessageStamper stamper,
      int bodyBytes,
      SendListener listener,
      RefusalCheck refusals) {
    this.stamper = stamper;
    this.refusals = refusals;
    this.slot = new SendSlot(client, policy, stamper.newMessage(bodyBytes), listener);
  }

  @Override
  public boolean trySend(OutgoingMessage message) throws DriverException {
    stamper.stamp(message, slot.message());
    slot.arm(message.sequence());
    try {
      slot.onSuccess(slot.sendSync());
    } catch (Exception e) {
      slot.complete(RetryingSend.outcome(e));
      refusals.throwIfFatal(e);
    }
    return true;
  }
}
