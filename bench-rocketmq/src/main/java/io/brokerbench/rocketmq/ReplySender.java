package io.brokerbench.rocketmq;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
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
  /** Sends of one reply at most: the first and the retries. */
  static final int REPLY_ATTEMPTS = 10;

  /** The wait before the n-th retry is n times this: 2.25 s over all nine. */
  static final long RETRY_STEP_MILLIS = 50;

  // One daemon thread for every replier's delayed retries: a retry waits, a delivery thread not.
  private static final ScheduledExecutorService RETRIES =
      Executors.newSingleThreadScheduledExecutor(
          task -> {
            Thread thread = new Thread(task, "brokerbench-rocketmq-reply-retries");
            thread.setDaemon(true);
            return thread;
          });

  private final DefaultMQProducer replies;

  ReplySender(DefaultMQProducer replies) {
    this.replies = replies;
  }

  @Override
  public void answer(MessageExt request) {
    Message reply;
    try {
      reply = MessageUtil.createReplyMessage(request, request.getBody());
    } catch (Exception e) {
      // Not a request: no reply.
      return;
    }
    String stamp = request.getUserProperty(MessageStamper.STAMP_PROPERTY);
    if (stamp != null) {
      reply.putUserProperty(MessageStamper.STAMP_PROPERTY, stamp);
    }
    send(reply, 1);
  }

  /**
   * Sends a reply, again after a growing wait when the broker answers that it could not push it to
   * the requester (its client not known to the broker yet, or too slow to take it: CI once saw 657
   * of 1,000 replies lost after three immediate tries), an answer a reply sent one way never saw. A
   * reply that never leaves leaves its request unanswered, which the core times out.
   */
  private void send(Message reply, int attempt) {
    try {
      replies.send(
          reply,
          new SendCallback() {
            @Override
            public void onSuccess(SendResult result) {}

            @Override
            public void onException(Throwable e) {
              retry(reply, attempt);
            }
          });
    } catch (Exception e) {
      retry(reply, attempt);
    }
  }

  private void retry(Message reply, int attempt) {
    if (attempt < REPLY_ATTEMPTS) {
      RETRIES.schedule(
          () -> send(reply, attempt + 1), attempt * RETRY_STEP_MILLIS, TimeUnit.MILLISECONDS);
    }
  }
}
