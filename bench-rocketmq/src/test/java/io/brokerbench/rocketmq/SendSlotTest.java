package io.brokerbench.rocketmq;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.contract.TestListeners;
import io.brokerbench.spi.SendListener;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.rocketmq.client.exception.MQBrokerException;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.remoting.exception.RemotingTimeoutException;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.junit.jupiter.api.Test;

class SendSlotTest {
  private final ScriptedClient client = new ScriptedClient((Exception) null);
  private final RetryPolicy noRetries =
      new RetryPolicy(0, Duration.ofSeconds(3), client.getRetryResponseCodes());
  private final RecordingListener listener = new RecordingListener();

  private static SendResult result(SendStatus status) {
    SendResult result = new SendResult();
    result.setSendStatus(status);
    return result;
  }

  @Test
  void outcomesAreSplitLikeTheRocketMqTool() {
    SendSlot slot = new SendSlot(client, noRetries, new Message("t", new byte[1]), listener);

    slot.arm(1);
    slot.onSuccess(result(SendStatus.SEND_OK));
    slot.arm(2);
    slot.onSuccess(result(SendStatus.FLUSH_DISK_TIMEOUT));
    slot.arm(3);
    slot.onException(new MQBrokerException(2, "[TIMEOUT_CLEAN_QUEUE]broker busy"));
    slot.arm(4);
    slot.onException(new RemotingTimeoutException("wait response timeout"));
    // A sync send's broker answer, as the client reports it after its last attempt.
    slot.arm(5);
    slot.onException(
        new MQClientException(
            "Send [1] times, still failed",
            new MQBrokerException(ResponseCode.SYSTEM_BUSY, "broker busy")));

    assertThat(listener.confirms)
        .containsExactly("1 ACCEPTED", "2 REJECTED", "3 REJECTED", "4 FAILED", "5 REJECTED");
  }

  @Test
  void theSlotIsFreeBeforeTheCoreHearsOfTheConfirm() {
    List<Boolean> busyDuringConfirm = new ArrayList<>();
    SendSlot[] holder = new SendSlot[1];
    SendListener checking =
        TestListeners.onConfirm(
            (sequence, multiple, outcome) -> busyDuringConfirm.add(holder[0].busy()));
    holder[0] = new SendSlot(client, noRetries, new Message("t", new byte[1]), checking);

    holder[0].arm(9);
    assertThat(holder[0].busy()).isTrue();
    holder[0].onSuccess(result(SendStatus.SEND_OK));

    assertThat(busyDuringConfirm).containsExactly(false);
  }
}
