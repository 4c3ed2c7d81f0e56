package io.brokerbench.rocketmq;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.SendListener;
import io.brokerbench.spi.SendOutcome;
import java.util.ArrayList;
import java.util.List;
import org.apache.rocketmq.client.exception.MQBrokerException;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.remoting.exception.RemotingTimeoutException;
import org.junit.jupiter.api.Test;

class SendSlotTest {
  private final List<String> confirms = new ArrayList<>();
  private final SendListener listener =
      new SendListener() {
        @Override
        public void onConfirm(long sequence, boolean multiple, SendOutcome outcome) {
          confirms.add(sequence + " " + multiple + " " + outcome);
        }

        @Override
        public void onReturned(byte[] stamp, int offset) {}

        @Override
        public void onFailure(DriverException failure) {}
      };

  private static SendResult result(SendStatus status) {
    SendResult result = new SendResult();
    result.setSendStatus(status);
    return result;
  }

  @Test
  void outcomesAreSplitLikeTheRocketMqTool() {
    SendSlot slot = new SendSlot(new Message("t", new byte[1]), listener);

    slot.arm(1);
    slot.onSuccess(result(SendStatus.SEND_OK));
    slot.arm(2);
    slot.onSuccess(result(SendStatus.FLUSH_DISK_TIMEOUT));
    slot.arm(3);
    slot.onException(new MQBrokerException(2, "[TIMEOUT_CLEAN_QUEUE]broker busy"));
    slot.arm(4);
    slot.onException(new RemotingTimeoutException("wait response timeout"));

    assertThat(confirms)
        .containsExactly(
            "1 false ACCEPTED", "2 false REJECTED", "3 false REJECTED", "4 false FAILED");
  }

  @Test
  void theSlotIsFreeBeforeTheCoreHearsOfTheConfirm() {
    List<Boolean> busyDuringConfirm = new ArrayList<>();
    SendSlot[] holder = new SendSlot[1];
    SendListener checking =
        new SendListener() {
          @Override
          public void onConfirm(long sequence, boolean multiple, SendOutcome outcome) {
            busyDuringConfirm.add(holder[0].busy());
          }

          @Override
          public void onReturned(byte[] stamp, int offset) {}

          @Override
          public void onFailure(DriverException failure) {}
        };
    holder[0] = new SendSlot(new Message("t", new byte[1]), checking);

    holder[0].arm(9);
    assertThat(holder[0].busy()).isTrue();
    holder[0].onSuccess(result(SendStatus.SEND_OK));

    assertThat(busyDuringConfirm).containsExactly(false);
  }
}
