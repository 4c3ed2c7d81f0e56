package io.brokerbench.rocketmq;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendCallback;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageAccessor;
import org.apache.rocketmq.common.message.MessageConst;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.Test;

/**
 * A reply the broker could not push is sent again after a growing wait until its request's time is
 * up, each attempt waiting for the broker's answer as long as the requester waits. The clock and
 * the waits are the test's.
 */
class ReplySenderTest {
  private static final long BORN = 1_700_000_000_000L;

  private long now = BORN;
  private final Deque<Waiting> waiting = new ArrayDeque<>();

  private record Waiting(long at, Runnable task) {}

  private ReplySender sender(DefaultMQProducer client) {
    return new ReplySender(
        client, () -> now, (millis, task) -> waiting.add(new Waiting(now + millis, task)));
  }

  /** Runs the waiting retries in turn, the clock moved on to each one's time. */
  private void runRetries() {
    while (!waiting.isEmpty()) {
      Waiting next = waiting.poll();
      now = next.at();
      next.task().run();
    }
  }

  /** A client whose first {@code failures} sends the broker refuses (its push to the requester). */
  private final class RefusingClient extends DefaultMQProducer {
    final List<Long> sentAt = new ArrayList<>();
    final List<Long> timeouts = new ArrayList<>();
    private final int failures;

    RefusingClient(int failures) {
      this.failures = failures;
    }

    @Override
    public void send(Message msg, SendCallback callback, long timeout) {
      sentAt.add(now - BORN);
      timeouts.add(timeout);
      if (sentAt.size() <= failures) {
        callback.onException(new MQClientException(1, "push reply message fail"));
      } else {
        callback.onSuccess(null);
      }
    }
  }

  private static MessageExt request(long ttlMillis) {
    MessageExt request = new MessageExt();
    request.setTopic("rpc");
    request.setBody(new byte[12]);
    request.setBornTimestamp(BORN);
    MessageAccessor.putProperty(request, MessageConst.PROPERTY_CLUSTER, "DefaultCluster");
    MessageAccessor.putProperty(request, MessageConst.PROPERTY_MESSAGE_REPLY_TO_CLIENT, "client-1");
    MessageAccessor.putProperty(request, MessageConst.PROPERTY_CORRELATION_ID, "c-1");
    MessageAccessor.putProperty(
        request, MessageConst.PROPERTY_MESSAGE_TTL, String.valueOf(ttlMillis));
    return request;
  }

  @Test
  void aReplyTheBrokerCouldNotPushIsSentAgainAfterGrowingWaitsUntilTheRequestsTimeIsUp() {
    RefusingClient client = new RefusingClient(Integer.MAX_VALUE);
    now = BORN + 100;

    sender(client).answer(request(5_000));
    runRetries();

    // Waits of 50, 100, 200, 400 and 800 ms, then a second each; the next would pass 5,000 ms.
    assertThat(client.sentAt)
        .containsExactly(100L, 150L, 250L, 450L, 850L, 1650L, 2650L, 3650L, 4650L);
  }

  @Test
  void eachAttemptWaitsForTheBrokersAnswerAsLongAsTheRequesterWaits() {
    // Not the client's 3 s: the broker waits up to 10 s for a slow requester to take the push.
    RefusingClient client = new RefusingClient(2);
    now = BORN + 100;

    sender(client).answer(request(60_000));
    runRetries();

    assertThat(client.sentAt).containsExactly(100L, 150L, 250L);
    assertThat(client.timeouts).containsExactly(59_900L, 59_850L, 59_750L);
  }

  @Test
  void aReplyThatReachedTheRequesterIsNotSentAgain() {
    RefusingClient client = new RefusingClient(0);

    sender(client).answer(request(5_000));
    runRetries();

    assertThat(client.sentAt).containsExactly(0L);
  }

  @Test
  void aRequestWhoseTimeIsUpByThisClockStillGetsThePlainSendTimeout() {
    // The requester's clock behind the replier's: the reply still goes, as a plain send would.
    RefusingClient client = new RefusingClient(Integer.MAX_VALUE);
    now = BORN + 10_000;

    sender(client).answer(request(5_000));
    runRetries();

    assertThat(client.timeouts.get(0)).isEqualTo(client.getSendMsgTimeout());
    assertThat(client.sentAt).last().matches(at -> at < 10_000 + client.getSendMsgTimeout());
  }

  @Test
  void aMessageThatIsNoRequestGetsNoReply() {
    RefusingClient client = new RefusingClient(0);
    MessageExt plain = new MessageExt();
    plain.setTopic("orders");
    plain.setBody(new byte[12]);

    sender(client).answer(plain);
    runRetries();

    assertThat(client.sentAt).isEmpty();
  }
}
