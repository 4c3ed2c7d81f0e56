package io.brokerbench.amqp091;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.impl.AMQImpl;
import com.rabbitmq.client.impl.Frame;
import io.brokerbench.spi.OutgoingMessage;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PublishFramesTest {
  private static final int CHANNEL = 3;
  private static final String EXCHANGE = "amq.direct";
  private static final String KEY = "perf-test-1";

  /** A message whose every body and stamp byte is derived from {@code seed}. */
  private static OutgoingMessage message(int bodyBytes, int seed) {
    OutgoingMessage message = new OutgoingMessage(bodyBytes);
    for (int i = 0; i < bodyBytes; i++) {
      message.body()[i] = (byte) (seed + 7 * i);
    }
    for (int i = 0; i < OutgoingMessage.STAMP_BYTES; i++) {
      message.stamp()[i] = (byte) (seed + i);
    }
    return message;
  }

  private static byte[] written(Frame... frames) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    for (Frame frame : frames) {
      frame.writeTo(out);
    }
    out.flush();
    return bytes.toByteArray();
  }

  /** What amqp-client's basicPublish writes for the message: method, header, body fragments. */
  private static byte[] clientWrites(
      OutgoingMessage message, AMQP.BasicProperties properties, boolean mandatory, int frameMax)
      throws IOException {
    byte[] body = message.body();
    int fragment = frameMax > 0 ? frameMax - 8 : Math.max(body.length, 1);
    int fragments = (body.length + fragment - 1) / fragment;
    Frame[] frames = new Frame[2 + fragments];
    frames[0] = new AMQImpl.Basic.Publish(0, EXCHANGE, KEY, mandatory, false).toFrame(CHANNEL);
    frames[1] = properties.toFrame(CHANNEL, body.length);
    for (int i = 0; i < fragments; i++) {
      int offset = i * fragment;
      frames[2 + i] =
          Frame.fromBodyFragment(CHANNEL, body, offset, Math.min(fragment, body.length - offset));
    }
    return written(frames);
  }

  @ParameterizedTest(name = "{0}-byte body, frame max {1}, persistent {2}, mandatory {3}")
  @CsvSource({
    "12, 131072, true, true",
    "4, 131072, true, false",
    "0, 131072, false, true",
    "4000, 131072, true, true",
    "10000, 4096, true, false",
    "8176, 4096, false, false",
    "4000, 0, true, true"
  })
  void writesWhatAmqpClientWouldForEachMessage(
      int bodyBytes, int frameMax, boolean persistent, boolean mandatory) throws IOException {
    PublishEncoder encoder = new PublishEncoder(persistent, bodyBytes);
    PublishFrames frames =
        new PublishFrames(
            CHANNEL, frameMax, EXCHANGE, KEY, mandatory, encoder.template(), bodyBytes);

    for (int seed : new int[] {1, 90}) {
      OutgoingMessage message = message(bodyBytes, seed);
      frames.fill(message);

      byte[] expected = clientWrites(message, encoder.properties(message), mandatory, frameMax);
      assertThat(written(frames)).isEqualTo(expected);
      assertThat(frames.size()).isEqualTo(expected.length);
    }
  }

  @Test
  void refusesPropertiesLargerThanAFrame() {
    AMQP.BasicProperties large =
        new AMQP.BasicProperties.Builder().headers(Map.of("big", new byte[5000])).build();

    assertThatThrownBy(() -> new PublishFrames(CHANNEL, 4096, EXCHANGE, KEY, false, large, 12))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("4096");
  }
}
