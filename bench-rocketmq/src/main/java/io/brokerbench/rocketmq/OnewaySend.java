package io.brokerbench.rocketmq;

import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.OutgoingMessage;
import io.brokerbench.spi.SendListener;
import io.brokerbench.spi.SendOutcome;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.message.Message;

/**
 * The oneway send path: {@code sendOneway(msg)}, confirmed at once; there is no answer to retry on.
 * The client may still be writing the previous body when {@code sendOneway} returns, so each send
 * gets a fresh body array.
 */
final class OnewaySend implements SendPath {
  private final DefaultMQProducer client;
  private final MessageStamper stamper;
  private final SendListener listener;
  private final RefusalCheck refusals;
  private final Message message;

  OnewaySend(
      DefaultMQProducer client,
      MessageStamper stamper,
      int bodyBytes,
      SendListener listener,
      RefusalCheck refusals) {
    this.client = client;
    this.stamper = stamper;
    this.listener = listener;
    this.refusals = refusals;
    this.message = stamper.newMessage(bodyBytes);
  }

  @Override
  public boolean trySend(OutgoingMessage outgoing) throws DriverException {
    message.setBody(new byte[outgoing.body().length]);
    stamper.stamp(outgoing, message);
    try {
      client.sendOneway(message);
      listener.onConfirm(outgoing.sequence(), false, SendOutcome.ACCEPTED);
    } catch (Exception e) {
      listener.onConfirm(outgoing.sequence(), false, RetryingSend.outcome(e));
      refusals.throwIfFatal(e);
    }
    return true;
  }
}
