package io.brokerbench.rocketmq;

import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.OutgoingMessage;
import io.brokerbench.spi.Producer;
import io.brokerbench.spi.ReplyListener;
import io.brokerbench.spi.SendListener;
import io.brokerbench.spi.SendOutcome;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.RequestCallback;
import org.apache.rocketmq.common.message.Message;

/**
 * A requester on RocketMQ's request-reply API: each request goes out with {@code request(message,
 * callback, timeout)}, which sets its correlation id and reply-to client, and its reply comes back
 * through the callback. The client keeps each request's message until its reply, so each request
 * gets a message of its own. A request the client refuses at once is counted as failed; one whose
 * reply never comes is timed out by the core (RocketMQ's own, longer timeout only frees the
 * client's bookkeeping).
 */
final class RocketMqRequester implements Producer, RequestCallback {
  private final DefaultMQProducer client;
  private final MessageStamper stamper;
  private final int bodyBytes;
  private final long timeoutMillis;
  private final SendListener listener;
  private final ReplyListener replies;
  private final byte[] scratch = new byte[OutgoingMessage.STAMP_BYTES];

  RocketMqRequester(
      DefaultMQProducer client,
      MessageStamper stamper,
      int bodyBytes,
      long timeoutMillis,
      SendListener listener,
      ReplyListener replies) {
    this.client = client;
    this.stamper = stamper;
    this.bodyBytes = bodyBytes;
    this.timeoutMillis = timeoutMillis;
    this.listener = listener;
    this.replies = replies;
  }

  @Override
  public boolean trySend(OutgoingMessage message) throws DriverException {
    Message request = stamper.newMessage(bodyBytes);
    stamper.stamp(message, request);
    try {
      client.request(request, this, timeoutMillis);
      listener.onConfirm(message.sequence(), false, SendOutcome.ACCEPTED);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DriverException("interrupted while sending a request to RocketMQ", e);
    } catch (Exception e) {
      listener.onConfirm(message.sequence(), false, RetryingSend.outcome(e));
    }
    return true;
  }

  /** A reply: on the client's callback threads, one at a time (the core's listener needs that). */
  @Override
  public synchronized void onSuccess(Message reply) {
    byte[] stamp = MessageStamper.stampOf(reply, scratch);
    if (stamp != null) {
      replies.onReply(stamp, 0);
    }
  }

  @Override
  public void onException(Throwable e) {
    // A request timed out in the client: the core counts it as timed out from its own clock.
  }

  @Override
  public void close() {}
}
