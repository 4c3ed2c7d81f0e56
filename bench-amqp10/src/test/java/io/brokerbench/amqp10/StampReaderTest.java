package io.brokerbench.amqp10;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.spi.OutgoingMessage;
import java.util.Arrays;
import java.util.Map;
import org.apache.qpid.protonj2.buffer.ProtonBuffer;
import org.apache.qpid.protonj2.client.AdvancedMessage;
import org.apache.qpid.protonj2.client.Message;
import org.junit.jupiter.api.Test;

class StampReaderTest {
  private final StampReader reader = new StampReader();

  private static byte[] bytes(ProtonBuffer buffer) {
    byte[] out = new byte[buffer.getReadableBytes()];
    buffer.readBytes(out, 0, out.length);
    return out;
  }

  private static void stamp(OutgoingMessage message, int seed) {
    for (int i = 0; i < OutgoingMessage.STAMP_BYTES; i++) {
      message.stamp()[i] = (byte) (seed + i);
    }
  }

  @Test
  void findsTheStampAtTheStartOfTheDataSection() throws Exception {
    OutgoingMessage outgoing = new OutgoingMessage(100);
    StampedMessage stamped = new StampedMessage(true);
    stamp(outgoing, 7);

    byte[] encoded = bytes(stamped.encode(outgoing));

    assertThat(reader.read(encoded, encoded.length)).isTrue();
    assertThat(Arrays.copyOfRange(encoded, reader.stampOffset(), reader.stampOffset() + 12))
        .isEqualTo(Arrays.copyOf(outgoing.stamp(), 12));
    assertThat(reader.redelivered()).isFalse();
  }

  @Test
  void theReusedMessageEncodesTheArraysCurrentBytes() throws Exception {
    OutgoingMessage outgoing = new OutgoingMessage(12);
    StampedMessage stamped = new StampedMessage(false);
    stamp(outgoing, 1);
    stamped.encode(outgoing);
    stamp(outgoing, 50);

    byte[] encoded = bytes(stamped.encode(outgoing));

    assertThat(reader.read(encoded, encoded.length)).isTrue();
    assertThat(encoded[reader.stampOffset()]).isEqualTo((byte) 50);
  }

  @Test
  void findsTheStampInTheApplicationPropertyForSmallBodies() throws Exception {
    OutgoingMessage outgoing = new OutgoingMessage(4);
    StampedMessage stamped = new StampedMessage(true);
    stamp(outgoing, 1);
    stamped.encode(outgoing);
    stamp(outgoing, 20);

    byte[] encoded = bytes(stamped.encode(outgoing));

    assertThat(reader.read(encoded, encoded.length)).isTrue();
    assertThat(Arrays.copyOfRange(encoded, reader.stampOffset(), reader.stampOffset() + 12))
        .isEqualTo(outgoing.stamp());
  }

  @Test
  void skipsAnnotationsAndPropertiesAndReadsTheDeliveryCount() throws Exception {
    byte[] body = new byte[40];
    body[0] = 99;
    AdvancedMessage<byte[]> message = (AdvancedMessage<byte[]>) Message.create(body);
    message.durable(true).deliveryCount(2).messageId("id-1").subject("s");
    message.annotation("x-stream-offset", 12L).annotation("x-opt-string", "value");
    message.property("other", "text").property("n", 5);

    byte[] encoded = bytes(message.encode(Map.of("x-delivery", "d")));

    assertThat(reader.read(encoded, encoded.length)).isTrue();
    assertThat(encoded[reader.stampOffset()]).isEqualTo((byte) 99);
    assertThat(reader.redelivered()).isTrue();
  }

  @Test
  void anExplicitlyFalseFirstAcquirerIsARedeliveryAndATrueOneIsNot() throws Exception {
    AdvancedMessage<byte[]> message = (AdvancedMessage<byte[]>) Message.create(new byte[20]);
    message.durable(true).firstAcquirer(true);
    byte[] first = bytes(message.encode(null));
    // RabbitMQ 4 sends a requeued message with first-acquirer false and no delivery count;
    // protonj2 leaves a false out, so the header's last field (descriptor, list8 of 4, then
    // durable, priority, ttl, first-acquirer) is turned from true (0x41) into false (0x42).
    assertThat(Arrays.copyOf(first, 10))
        .containsExactly(0x00, 0x53, 0x70, 0xc0, 0x05, 0x04, 0x41, 0x40, 0x40, 0x41);
    byte[] requeued = first.clone();
    requeued[9] = 0x42;

    assertThat(reader.read(first, first.length)).isTrue();
    assertThat(reader.redelivered()).isFalse();
    assertThat(reader.read(requeued, requeued.length)).isTrue();
    assertThat(reader.redelivered()).isTrue();
  }

  @Test
  void rejectsMessagesWithoutAStamp() throws Exception {
    byte[] valueBody = bytes(((AdvancedMessage<String>) Message.create("text")).encode(null));
    byte[] shortBody = bytes(((AdvancedMessage<byte[]>) Message.create(new byte[3])).encode(null));

    assertThat(reader.read(valueBody, valueBody.length)).isFalse();
    assertThat(reader.read(shortBody, shortBody.length)).isFalse();
    assertThat(reader.read(new byte[] {0x00, 0x53}, 2)).isFalse();
  }
}
