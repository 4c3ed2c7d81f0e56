package io.brokerbench.rocketmq;

import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendCallback;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.utils.MessageUtil;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;

/**
 * A replier's answer to each request, once the core saw it: a reply message carrying the request's
 * body (and stamp), sent through the driver's producer client; the broker pushes it to the
 * requesting client. A message that is not a request gets no reply.
 */
final class ReplySender implements DeliveryDispatcher.Answer {
  private static final int REPLY_ATTEMPTS = 3;

  private final DefaultMQProducer replies;

  ReplySender(DefaultMQProducer replies) {
    this.replies = replies;
  }

  @Override
  public void answer(MessageExt request) {
    try {
      Message reply = MessageUtil.createReplyMessage(request, request.getBody());
      String stamp = request.getUserProperty(MessageStamper.STAMP_PROPERTY);
      if (stamp != null) {
        reply.putUserProperty(MessageStamper.STAMP_PROPERTY, stamp);
      }
      sendReply(replies, reply, REPLY_ATTEMPTS);
    } catch (Exception e) {
      // Not a request: no reply.
    }
  }

  /**
   * Sends a reply, again when the broker answers that it could not push it to the requester (its
   * client not known yet, or too slow to take it), an answer a reply sent one way never saw. A
   * reply that never leaves leaves its request unanswered, which the core times out.
   */
  private static void sendReply(DefaultMQProducer replies, Message reply, int attempts) {
    try {
      replies.send(
          reply,
          new SendCallback() {
            @Override
            public void onSuccess(SendResult result) {}

            @Override
            public void onException(Throwable e) {
              if (attempts > 1) {
                sendReply(replies, reply, attempts - 1);
              }
            }
          });
    } catch (Exception e) {
      if (attempts > 1) {
        sendReply(replies, reply, attempts - 1);
      }
    }
  }
}
