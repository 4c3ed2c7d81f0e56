package io.brokerbench.rocketmq;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.OutgoingMessage;
import io.brokerbench.spi.ReplyListener;
import java.util.ArrayList;
import java.util.List;
import org.apache.rocketmq.client.exception.MQBrokerException;
import org.apache.rocketmq.client.exception.RequestTimeoutException;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.junit.jupiter.api.Test;

/**
 * A request whose send fails after the client took it is sent again and each retry counted, as a
 * producer's send is; the client's own timeout is not a failed send. On a scripted client.
 */
class RocketMqRequesterTest {
  private final RecordingListener listener = new RecordingListener();
  private final List<Integer> replies = new ArrayList<>();

  private static Exception busy() {
    return new MQBrokerException(ResponseCode.SYSTEM_BUSY, "[TIMEOUT_CLEAN_QUEUE]broker busy");
  }

  private void request(ScriptedClient client) throws DriverException {
    RocketMqRequester requester =
        new RocketMqRequester(
            client,
            new MessageStamper("t", null, false, 0),
            16,
            60_000,
            listener,
            new ReplyListener() {
              @Override
              public void onReply(byte[] stamp, int offset) {
                replies.add(stamp.length);
              }

              @Override
              public void onFailure(DriverException failure) {}
            });
    OutgoingMessage message = new OutgoingMessage(16);
    message.sequence(7);
    requester.trySend(message);
  }

  @Test
  void aRequestTheBrokerWasTooBusyForIsSentAgainAndAnswered() throws Exception {
    ScriptedClient client = new ScriptedClient(busy(), null);

    request(client);

    assertThat(listener.confirms).containsExactly("7 ACCEPTED");
    assertThat(listener.retried).containsExactly(7L);
    assertThat(replies).hasSize(1);
  }

  @Test
  void aRequestIsSentAtMostThreeTimes() throws Exception {
    ScriptedClient client = new ScriptedClient(busy());

    request(client);

    assertThat(client.timeoutsMillis).hasSize(1 + RocketMqRequester.RETRIES);
    assertThat(listener.retried).containsExactly(7L, 7L);
    assertThat(replies).isEmpty();
  }

  @Test
  void theClientsOwnTimeoutIsNotSentAgain() throws Exception {
    ScriptedClient client = new ScriptedClient(new RequestTimeoutException(0, "timed out"));

    request(client);

    assertThat(client.timeoutsMillis).hasSize(1);
    assertThat(listener.retried).isEmpty();
  }
}
