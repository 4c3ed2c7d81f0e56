package io.brokerbench.rocketmq;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendCallback;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.utils.MessageUtil;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageConst;
import org.apache.rocketmq.common.message.MessageExt;

/**
 * A replier's answer to each request, once the core saw it: a reply message carrying the request's
 * body (and stamp), sent through the driver's producer client; the broker pushes it to the
 * requesting client. A message that is not a request gets no reply.
 *
 * <p>The broker answers the reply's send only once its push to the requester is done or has failed,
 * and it waits up to 10 s for a loaded requester to take the push. So each attempt waits for that
 * answer as long as the requester still waits for the reply (its request's time to live, from the
 * moment it was sent), not the client's 3 s send timeout: an attempt given up while the push was
 * still under way left a reply lost or, sent again, answered twice (CI saw both). A push that
 * failed (the requester's client not known to the broker yet, or too slow to take it) is sent again
 * after a growing wait, until the request's time is up.
 */
final class ReplySender implements DeliveryDispatcher.Answer {
  /** The wait before the first retry; each further wait is twice the one before, up to a second. */
  static final long FIRST_WAIT_MILLIS = 50;

  /** The longest wait between two attempts. */
  static final long LONGEST_WAIT_MILLIS = 1_000;

  /** Runs a task after a wait (the tests run it on their own clock). */
  interface Delay {
    void after(long millis, Runnable task);
  }

  // One daemon thread for every replier's delayed retries: a retry waits, a delivery thread not.
  private static final ScheduledExecutorService RETRIES =
      Executors.newSingleThreadScheduledExecutor(
          task -> {
            Thread thread = new Thread(task, "brokerbench-rocketmq-reply-retries");
            thread.setDaemon(true);
            return thread;
          });

  private final DefaultMQProducer replies;
  private final LongSupplier wallClockMillis;
  private final Delay delay;

  ReplySender(DefaultMQProducer replies) {
    this(
        replies,
        System::currentTimeMillis,
        (millis, task) -> RETRIES.schedule(task, millis, TimeUnit.MILLISECONDS));
  }

  /**
   * A replier on a given clock.
   *
   * @param wallClockMillis the time in milliseconds since the epoch: a request's send time is the
   *     requester's wall-clock time
   */
  ReplySender(DefaultMQProducer replies, LongSupplier wallClockMillis, Delay delay) {
    this.replies = replies;
    this.wallClockMillis = wallClockMillis;
    this.delay = delay;
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
    // A requester's clock behind this one (or a request without a time to live) still gets its
    // reply the time a plain send would have.
    long deadline =
        Math.max(expiry(request), wallClockMillis.getAsLong() + replies.getSendMsgTimeout());
    send(reply, deadline, FIRST_WAIT_MILLIS);
  }

  /** When the requester stops waiting for the reply, by its clock; 0 when the request says not. */
  private static long expiry(MessageExt request) {
    try {
      return request.getBornTimestamp()
          + Long.parseLong(request.getProperty(MessageConst.PROPERTY_MESSAGE_TTL));
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  private void send(Message reply, long deadline, long nextWait) {
    long left = deadline - wallClockMillis.getAsLong();
    try {
      replies.send(
          reply,
          new SendCallback() {
            @Override
            public void onSuccess(SendResult result) {}

            @Override
            public void onException(Throwable e) {
              retry(reply, deadline, nextWait);
            }
          },
          left);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (Exception e) {
      retry(reply, deadline, nextWait);
    }
  }

  /** A reply that never leaves leaves its request unanswered, which the core times out. */
  private void retry(Message reply, long deadline, long wait) {
    if (wallClockMillis.getAsLong() + wait < deadline) {
      delay.after(wait, () -> send(reply, deadline, Math.min(2 * wait, LONGEST_WAIT_MILLIS)));
    }
  }
}
