package io.brokerbench.rocketmq;

import io.brokerbench.spi.SendListener;
import io.brokerbench.spi.SendOutcome;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.common.message.Message;

/**
 * The send of one message: a reusable {@link Message} and its callback, which reports the sequence
 * number it was {@link #arm armed} with, so no object is created per message. Failed attempts are
 * sent again as {@link RetryingSend} says.
 */
final class SendSlot extends RetryingSend {
  private final DefaultMQProducer client;
  private final Message message;
  private final SendListener listener;
  private long sequence;

  SendSlot(DefaultMQProducer client, RetryPolicy policy, Message message, SendListener listener) {
    super(policy);
    this.client = client;
    this.message = message;
    this.listener = listener;
  }

  /** The client message this slot reuses. */
  Message message() {
    return message;
  }

  /** Producer thread: the slot is about to be handed to the client for this message. */
  void arm(long sequence) {
    this.sequence = sequence;
    begin();
  }

  @Override
  void complete(SendOutcome outcome) {
    long s = sequence;
    release();
    listener.onConfirm(s, false, outcome);
  }

  @Override
  void attemptAsync(long timeoutMillis) throws Exception {
    client.send(message, this, timeoutMillis);
  }

  @Override
  SendResult attemptSync(long timeoutMillis) throws Exception {
    return client.send(message, timeoutMillis);
  }

  @Override
  void retried() {
    listener.onRetried(sequence);
  }
}
