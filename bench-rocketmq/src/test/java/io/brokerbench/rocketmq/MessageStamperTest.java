package io.brokerbench.rocketmq;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.latency.PayloadStamp;
import io.brokerbench.spi.OutgoingMessage;
import java.util.HashMap;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageAccessor;
import org.apache.rocketmq.common.message.MessageConst;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.Test;

class MessageStamperTest {

  private static OutgoingMessage stamped(int bodyBytes, long sequence) {
    OutgoingMessage message = new OutgoingMessage(bodyBytes);
    PayloadStamp.encode(message.stamp(), 0, 7, sequence, 1_700_000_000_000_000_000L, 1_000);
    message.sequence(sequence);
    return message;
  }

  private static MessageExt received(Message sent) {
    MessageExt ext = new MessageExt();
    ext.setBody(sent.getBody().clone());
    MessageAccessor.setProperties(ext, new HashMap<>(sent.getProperties()));
    return ext;
  }

  @Test
  void bodyStampIsCopiedIntoTheReusedMessage() {
    MessageStamper stamper = new MessageStamper("t", "TagA", true, 2);
    Message target = stamper.newMessage(1_024);
    OutgoingMessage source = stamped(1_024, 42);

    stamper.stamp(source, target);

    assertThat(target.getBody()).isEqualTo(source.body());
    assertThat(target.getTags()).isEqualTo("TagA");
    assertThat(target.getKeys()).isEqualTo("42");
    assertThat(target.getDelayTimeLevel()).isEqualTo(2);
    assertThat(MessageStamper.stampOf(received(target), new byte[12])).startsWith(source.stamp());
  }

  @Test
  void aSmallBodyCarriesTheStampInAPropertyThatSurvivesEncoding() {
    MessageStamper stamper = new MessageStamper("t", null, false, 0);
    Message target = stamper.newMessage(4);
    OutgoingMessage source = stamped(4, 99);

    stamper.stamp(source, target);
    String encoded = MessageStamper.encodeProperties(target);
    MessageExt ext = new MessageExt();
    ext.setBody(target.getBody());
    MessageAccessor.setProperties(ext, MessageDecoder.string2messageProperties(encoded));

    byte[] scratch = new byte[OutgoingMessage.STAMP_BYTES];
    assertThat(MessageStamper.stampOf(ext, scratch)).isSameAs(scratch).isEqualTo(source.stamp());
    assertThat(PayloadStamp.producerId(scratch, 0)).isEqualTo(7);
  }

  @Test
  void theClientsUniqueIdIsClearedBeforeEachSend() {
    MessageStamper stamper = new MessageStamper("t", null, false, 0);
    Message target = stamper.newMessage(16);
    target.getProperties().put(MessageConst.PROPERTY_UNIQ_CLIENT_MESSAGE_ID_KEYIDX, "old");

    stamper.stamp(stamped(16, 1), target);

    assertThat(target.getProperties())
        .doesNotContainKey(MessageConst.PROPERTY_UNIQ_CLIENT_MESSAGE_ID_KEYIDX);
  }

  @Test
  void aMessageWithoutStampIsRecognised() {
    MessageExt foreign = new MessageExt();
    foreign.setBody(new byte[3]);

    assertThat(MessageStamper.stampOf(foreign, new byte[12])).isNull();
  }
}
