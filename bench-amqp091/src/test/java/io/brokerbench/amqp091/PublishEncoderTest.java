package io.brokerbench.amqp091;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.impl.LongStringHelper;
import io.brokerbench.spi.OutgoingMessage;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PublishEncoderTest {

  private static OutgoingMessage stamped(int bodyBytes, int firstStampByte) {
    OutgoingMessage message = new OutgoingMessage(bodyBytes);
    for (int i = 0; i < OutgoingMessage.STAMP_BYTES; i++) {
      message.stamp()[i] = (byte) (firstStampByte + i);
    }
    return message;
  }

  @Test
  void largeBodiesShareOnePropertiesInstanceWithoutHeaders() {
    PublishEncoder encoder = new PublishEncoder(true, 12);

    AMQP.BasicProperties first = encoder.properties(stamped(12, 0));
    AMQP.BasicProperties second = encoder.properties(stamped(12, 50));

    assertThat(second).isSameAs(first);
    assertThat(first.getDeliveryMode()).isEqualTo(2);
    assertThat(first.getHeaders()).isNull();
  }

  @Test
  void transientMessagesUseDeliveryModeOne() {
    assertThat(new PublishEncoder(false, 100).properties(stamped(100, 0)).getDeliveryMode())
        .isEqualTo(1);
  }

  @Test
  void smallBodiesCarryTheCurrentStampInAHeader() {
    PublishEncoder encoder = new PublishEncoder(false, 4);
    OutgoingMessage first = stamped(4, 0);
    OutgoingMessage second = stamped(4, 100);

    AMQP.BasicProperties properties = encoder.properties(first);
    assertThat((byte[]) properties.getHeaders().get(PublishEncoder.STAMP_HEADER))
        .isEqualTo(first.stamp());
    assertThat(encoder.properties(second)).isSameAs(properties);
    assertThat((byte[]) properties.getHeaders().get(PublishEncoder.STAMP_HEADER))
        .isEqualTo(second.stamp());
  }

  @Test
  void receivedStampsComeFromTheBodyOrTheHeader() {
    byte[] body = new byte[20];
    byte[] stamp = stamped(4, 7).stamp();
    AMQP.BasicProperties asBytes =
        new AMQP.BasicProperties.Builder()
            .headers(Map.of(PublishEncoder.STAMP_HEADER, stamp))
            .build();
    AMQP.BasicProperties asLongString =
        new AMQP.BasicProperties.Builder()
            .headers(Map.of(PublishEncoder.STAMP_HEADER, LongStringHelper.asLongString(stamp)))
            .build();

    assertThat(PublishEncoder.stampOf(body, asBytes)).isSameAs(body);
    assertThat(PublishEncoder.stampOf(new byte[4], asBytes)).isSameAs(stamp);
    assertThat(PublishEncoder.stampOf(new byte[4], asLongString)).isEqualTo(stamp);
  }

  @Test
  void aSmallMessageWithoutStampMatchesNoProducer() {
    byte[] none = PublishEncoder.stampOf(new byte[2], new AMQP.BasicProperties());

    assertThat(none).hasSize(OutgoingMessage.STAMP_BYTES).containsOnly((byte) 0xFF);
  }
}
