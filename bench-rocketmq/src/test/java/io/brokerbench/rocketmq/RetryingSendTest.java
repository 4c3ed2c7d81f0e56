package io.brokerbench.rocketmq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.brokerbench.spi.OutgoingMessage;
import io.brokerbench.spi.SendOutcome;
import java.time.Duration;
import org.apache.rocketmq.client.exception.MQBrokerException;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.remoting.exception.RemotingConnectException;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Failed sends go to the client again, each retry is reported, each outcome once. */
class RetryingSendTest {
  private final RecordingListener listener = new RecordingListener();

  private static RetryPolicy policy(ScriptedClient client, int retries, Duration timeout) {
    return new RetryPolicy(retries, timeout, client.getRetryResponseCodes());
  }

  private SendSlot slot(ScriptedClient client, int retries) {
    return new SendSlot(
        client,
        policy(client, retries, Duration.ofSeconds(3)),
        new Message("t", new byte[1]),
        listener);
  }

  private static RemotingConnectException refused() {
    return new RemotingConnectException("127.0.0.1:10911");
  }

  /** A sync attempt's broker-busy answer, as the client reports it with its retries off. */
  private static MQClientException busyAfterLastAttempt() {
    return new MQClientException(
        "Send [1] times, still failed",
        new MQBrokerException(ResponseCode.SYSTEM_BUSY, "broker busy"));
  }

  @Test
  void anAsyncSendIsSentAgainAfterAConnectionFailureAndConfirmedOnce() throws Exception {
    ScriptedClient client = new ScriptedClient(refused(), refused(), null);
    SendSlot slot = slot(client, 2);

    slot.arm(5);
    slot.sendAsync();

    assertThat(client.attempts()).isEqualTo(3);
    assertThat(listener.retried).containsExactly(5L, 5L);
    assertThat(listener.confirms).containsExactly("5 ACCEPTED");
    assertThat(client.timeoutsMillis.get(0)).isEqualTo(3_000);
    assertThat(client.timeoutsMillis.get(1)).isBetween(1L, 3_000L);
  }

  @Test
  void anAsyncSendWhoseRetriesRunOutFailsOnce() throws Exception {
    ScriptedClient client = new ScriptedClient(refused());
    SendSlot slot = slot(client, 2);

    slot.arm(6);
    slot.sendAsync();

    assertThat(client.attempts()).isEqualTo(3);
    assertThat(listener.retried).containsExactly(6L, 6L);
    assertThat(listener.confirms).containsExactly("6 FAILED");
    assertThat(slot.busy()).isFalse();
  }

  @Test
  void anAsyncSendIsNotSentAgainAfterABrokerAnswerNorWhenTheTimeIsUp() throws Exception {
    ScriptedClient busy =
        new ScriptedClient(new MQBrokerException(ResponseCode.SYSTEM_BUSY, "broker busy"));
    SendSlot slot = slot(busy, 2);
    slot.arm(1);
    slot.sendAsync();
    ScriptedClient refusing = new ScriptedClient(refused());
    SendSlot late =
        new SendSlot(
            refusing, policy(refusing, 2, Duration.ZERO), new Message("t", new byte[1]), listener);
    late.arm(2);
    late.sendAsync();

    assertThat(busy.attempts() + refusing.attempts()).isEqualTo(2);
    assertThat(listener.retried).isEmpty();
    assertThat(listener.confirms).containsExactly("1 REJECTED", "2 FAILED");
  }

  @Test
  void aSyncSendRetriesABusyBrokerAndThrowsItsLastAnswer() {
    ScriptedClient client = new ScriptedClient(busyAfterLastAttempt());
    SendSlot slot = slot(client, 2);

    slot.arm(7);
    assertThatThrownBy(slot::sendSync).isInstanceOf(MQClientException.class);

    assertThat(client.attempts()).isEqualTo(3);
    assertThat(listener.retried).containsExactly(7L, 7L);
    assertThat(RetryingSend.outcome(busyAfterLastAttempt())).isEqualTo(SendOutcome.REJECTED);
  }

  @Test
  void aSyncSendThatSucceedsOnRetryReturnsTheResult() throws Exception {
    ScriptedClient client = new ScriptedClient(busyAfterLastAttempt(), null);
    SendSlot slot = slot(client, 2);

    slot.arm(8);
    slot.onSuccess(slot.sendSync());

    assertThat(listener.retried).containsExactly(8L);
    assertThat(listener.confirms).containsExactly("8 ACCEPTED");
  }

  @ParameterizedTest(name = "async {0}")
  @ValueSource(booleans = {true, false})
  void aRetriedBatchCountsARetryForEachOfItsMessages(boolean async) {
    ScriptedClient client = new ScriptedClient(async ? refused() : busyAfterLastAttempt(), null);
    BatchSender sender =
        new BatchSender(
            client,
            policy(client, 2, Duration.ofSeconds(3)),
            new MessageStamper("t", null, false, 0),
            listener,
            async,
            Duration.ofSeconds(1).toNanos(),
            3,
            8,
            16);
    OutgoingMessage message = new OutgoingMessage(16);
    for (long sequence = 10; sequence < 13; sequence++) {
      message.sequence(sequence);
      assertThat(sender.trySend(message)).isTrue();
    }

    assertThat(client.batchSizes).containsExactly(3, 3);
    assertThat(listener.retried).containsExactly(10L, 11L, 12L);
    assertThat(listener.confirms).containsExactly("10 ACCEPTED", "11 ACCEPTED", "12 ACCEPTED");
  }
}
