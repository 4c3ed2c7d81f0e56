package io.brokerbench.amqp10;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.spi.OutgoingMessage;
import java.util.Arrays;
import org.apache.qpid.protonj2.buffer.ProtonBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class MessageEncoderTest {
  private final StampReader reader = new StampReader();

  private static byte[] bytes(ProtonBuffer buffer) {
    byte[] out = new byte[buffer.getReadableBytes()];
    buffer.readBytes(out, 0, out.length);
    return out;
  }

  @ParameterizedTest
  @ValueSource(ints = {4, 12, 300, 4_000})
  void everyEncodeCarriesTheCurrentStamp(int bodyBytes) {
    OutgoingMessage message = new OutgoingMessage(bodyBytes);
    MessageEncoder encoder = new MessageEncoder(true);
    for (int round = 0; round < 3; round++) {
      Arrays.fill(message.stamp(), (byte) (round + 1));

      byte[] encoded = bytes(encoder.encode(message));

      assertThat(reader.read(encoded, encoded.length)).isTrue();
      assertThat(encoded[reader.stampOffset()]).isEqualTo((byte) (round + 1));
      assertThat(encoded[reader.stampOffset() + 11]).isEqualTo((byte) (round + 1));
    }
  }

  @Test
  void encodesLikeTheClientsMessage() throws Exception {
    OutgoingMessage message = new OutgoingMessage(20);
    Arrays.fill(message.body(), (byte) 7);

    assertThat(bytes(new MessageEncoder(true).encode(message)))
        .isEqualTo(bytes(new StampedMessage(true).encode(message)));
  }
}
