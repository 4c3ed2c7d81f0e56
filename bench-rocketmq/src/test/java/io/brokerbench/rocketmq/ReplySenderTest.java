package io.brokerbench.rocketmq;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendCallback;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageAccessor;
import org.apache.rocketmq.common.message.MessageConst;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.Test;

/** A reply the broker could not push is sent again, after a wait, a bounded number of times. */
class ReplySenderTest {

  /** A client whose first {@code failures} sends the broker refuses (its push to the requester). */
  private static final class RefusingClient extends DefaultMQProducer {
    final AtomicInteger sends = new AtomicInteger();
    final CountDownLatch delivered = new CountDownLatch(1);
    private final int failures;

    RefusingClient(int failures) {
      this.failures = failures;
    }

    @Override
    public void send(Message msg, SendCallback callback) {
      if (sends.incrementAndGet() <= failures) {
        callback.onException(new MQClientException(1, "push reply message fail"));
      } else {
        delivered.countDown();
        callback.onSuccess(null);
      }
    }
  }

  private static MessageExt request() {
    MessageExt request = new MessageExt();
    request.setTopic("rpc");
    request.setBody(new byte[12]);
    MessageAccessor.putProperty(request, MessageConst.PROPERTY_CLUSTER, "DefaultCluster");
    MessageAccessor.putProperty(request, MessageConst.PROPERTY_MESSAGE_REPLY_TO_CLIENT, "client-1");
    MessageAccessor.putProperty(request, MessageConst.PROPERTY_CORRELATION_ID, "c-1");
    return request;
  }

  @Test
  void aReplyTheBrokerCouldNotPushIsSentAgainAfterAWait() throws Exception {
    RefusingClient client = new RefusingClient(5);
    long start = System.nanoTime();

    new ReplySender(client).answer(request());

    assertThat(client.delivered.await(10, TimeUnit.SECONDS)).isTrue();
    assertThat(client.sends.get()).isEqualTo(6);
    // Waits of 1, 2, 3, 4 and 5 steps before the retries: 750 ms at the least.
    assertThat(System.nanoTime() - start)
        .isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(15 * ReplySender.RETRY_STEP_MILLIS));
  }

  @Test
  void aReplyIsSentAtMostTheBoundedNumberOfTimes() throws Exception {
    RefusingClient client = new RefusingClient(Integer.MAX_VALUE);

    new ReplySender(client).answer(request());

    // The nine waits take 2.25 s: every send is made by then, and the last is not retried.
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (client.sends.get() < ReplySender.REPLY_ATTEMPTS && System.nanoTime() < deadline) {
      Thread.sleep(50);
    }
    assertThat(client.sends.get()).isEqualTo(ReplySender.REPLY_ATTEMPTS);
  }

  @Test
  void aMessageThatIsNoRequestGetsNoReply() {
    RefusingClient client = new RefusingClient(0);
    MessageExt plain = new MessageExt();
    plain.setTopic("orders");
    plain.setBody(new byte[12]);

    new ReplySender(client).answer(plain);

    assertThat(client.sends.get()).isZero();
  }
}
