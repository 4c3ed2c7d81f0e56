package io.brokerbench.rocketmq;

import io.brokerbench.spi.SendListener;
import io.brokerbench.spi.SendOutcome;
import org.apache.rocketmq.client.exception.MQBrokerException;
import org.apache.rocketmq.client.producer.SendCallback;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;

/**
 * The send-completion path: one reusable {@link SendCallback} and its {@link Message}, owned by the
 * producer thread while {@link #busy()} is false and by the client until the callback runs. The
 * callback reports the sequence number it was {@link #arm armed} with, so no object is created per
 * message.
 *
 * <p>Outcomes follow the RocketMQ benchmark tool: {@link SendStatus#SEND_OK} is {@link
 * SendOutcome#ACCEPTED}; another status (flush or slave timeout) or an error answered by the broker
 * ({@link MQBrokerException}, the tool's "response failed", such as broker busy) is {@link
 * SendOutcome#REJECTED}; any other exception (timeout, connection, no route: the tool's "send
 * failed") is {@link SendOutcome#FAILED}.
 */
final class SendSlot implements SendCallback {
  private final Message message;
  private final SendListener listener;
  private volatile boolean busy;
  private long sequence;

  SendSlot(Message message, SendListener listener) {
    this.message = message;
    this.listener = listener;
  }

  /** The client message this slot reuses. */
  Message message() {
    return message;
  }

  /** True while the client holds the slot. Any thread. */
  boolean busy() {
    return busy;
  }

  /** Producer thread: the slot is about to be handed to the client for this message. */
  void arm(long sequence) {
    this.sequence = sequence;
    this.busy = true;
  }

  @Override
  public void onSuccess(SendResult result) {
    complete(outcome(result.getSendStatus()));
  }

  @Override
  public void onException(Throwable failure) {
    complete(outcome(failure));
  }

  /** Releases the slot first, so the producer may reuse it as soon as the core confirms. */
  void complete(SendOutcome outcome) {
    long s = sequence;
    busy = false;
    listener.onConfirm(s, false, outcome);
  }

  static SendOutcome outcome(SendStatus status) {
    return status == SendStatus.SEND_OK ? SendOutcome.ACCEPTED : SendOutcome.REJECTED;
  }

  static SendOutcome outcome(Throwable failure) {
    return failure instanceof MQBrokerException ? SendOutcome.REJECTED : SendOutcome.FAILED;
  }
}
