package io.brokerbench.amqp091;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.LongString;
import io.brokerbench.spi.DeliveryListener;
import io.brokerbench.spi.OutgoingMessage;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The per-message publish encoding: the properties to send with a message and, when the body is too
 * small for the stamp, the stamp in the {@value #STAMP_HEADER} header. One instance per producer,
 * used by its thread only.
 *
 * <pre>{@code
 * PublishEncoder encoder = new PublishEncoder(true, 4000);
 * channel.basicPublish(exchange, key, mandatory, encoder.properties(message), message.body());
 * }</pre>
 *
 * <p>Implementation notes: nothing is allocated per message. When the stamp travels in the body,
 * {@link #properties} returns one shared immutable {@link AMQP.BasicProperties}. Otherwise the
 * properties hold a header map whose value is this encoder's own 12-byte array; each call copies
 * the stamp into it. That is safe because amqp-client encodes the properties into a frame inside
 * {@code basicPublish}, on the calling thread, before it returns (in blocking and NIO mode alike).
 */
final class PublishEncoder {
  /** The header carrying the stamp when the body is smaller than it. */
  static final String STAMP_HEADER = "bb-stamp";

  /** Delivery mode 2: the broker stores the message durably. */
  private static final int PERSISTENT = 2;

  private static final int TRANSIENT = 1;

  /** {@link #STAMP_HEADER} as it is on the wire. */
  static final byte[] STAMP_HEADER_BYTES = STAMP_HEADER.getBytes(StandardCharsets.US_ASCII);

  /** The stamp of a message this generator did not send: {@code 0xFF} bytes, no producer's. */
  private static final byte[] NO_STAMP = new byte[OutgoingMessage.STAMP_BYTES];

  static {
    Arrays.fill(NO_STAMP, (byte) 0xFF);
  }

  private final AMQP.BasicProperties properties;
  private final byte[] headerStamp;

  /**
   * An encoder for one producer.
   *
   * @param persistent ask the broker to store messages durably
   * @param bodyBytes the body size of every message (decides where the stamp goes)
   */
  PublishEncoder(boolean persistent, int bodyBytes) {
    this(persistent, bodyBytes, null, null);
  }

  /**
   * An encoder for one requester: every message asks for a reply.
   *
   * @param replyTo the reply address every request carries, or null for plain messages
   * @param correlationId the correlation id every request carries (the stamp tells the requests
   *     apart), or null
   */
  PublishEncoder(boolean persistent, int bodyBytes, String replyTo, String correlationId) {
    AMQP.BasicProperties.Builder builder =
        new AMQP.BasicProperties.Builder()
            .deliveryMode(persistent ? PERSISTENT : TRANSIENT)
            .replyTo(replyTo)
            .correlationId(correlationId);
    if (bodyBytes < OutgoingMessage.STAMP_BYTES) {
      headerStamp = new byte[OutgoingMessage.STAMP_BYTES];
      Map<String, Object> headers = new HashMap<>(2);
      headers.put(STAMP_HEADER, headerStamp);
      builder.headers(headers);
    } else {
      headerStamp = null;
    }
    this.properties = builder.build();
  }

  /**
   * The properties every message of this producer is published with; when the stamp travels in the
   * header, its value there is the one the last {@link #properties} call copied in.
   */
  AMQP.BasicProperties template() {
    return properties;
  }

  /** The properties to publish {@code message} with; valid until the next call. */
  AMQP.BasicProperties properties(OutgoingMessage message) {
    if (headerStamp != null) {
      System.arraycopy(message.stamp(), 0, headerStamp, 0, OutgoingMessage.STAMP_BYTES);
    }
    return properties;
  }

  /**
   * The array holding a received message's stamp at offset 0: the body when it is large enough,
   * else the {@value #STAMP_HEADER} header, else an array of {@code 0xFF} bytes that matches no
   * producer of the run (a message this generator did not send).
   */
  static byte[] stampOf(byte[] body, AMQP.BasicProperties properties) {
    if (body.length >= OutgoingMessage.STAMP_BYTES) {
      return body;
    }
    return headerStampOf(properties);
  }

  /**
   * Hands a message received from its frames ({@link DirectDeliveryFrameHandler}) to the listener
   * with its stamp: in the body when the body holds one, else in the raw content header's {@value
   * #STAMP_HEADER} value, else {@link #NO_STAMP}. The arrays are read in place.
   */
  static void announce(
      DeliveryListener listener, boolean redelivered, DirectDeliveryFrameHandler.Content content) {
    if (content.bodyLength() >= OutgoingMessage.STAMP_BYTES) {
      listener.onDelivery(
          content.body(), content.bodyOffset(), redelivered, DeliveryListener.NO_TIMESTAMP);
      return;
    }
    int at =
        ContentHeaderScan.valueOffset(
            content.header(),
            content.headerLength(),
            STAMP_HEADER_BYTES,
            OutgoingMessage.STAMP_BYTES);
    if (at == ContentHeaderScan.ABSENT) {
      listener.onDelivery(NO_STAMP, 0, redelivered, DeliveryListener.NO_TIMESTAMP);
    } else {
      listener.onDelivery(content.header(), at, redelivered, DeliveryListener.NO_TIMESTAMP);
    }
  }

  private static byte[] headerStampOf(AMQP.BasicProperties properties) {
    Map<String, Object> headers = properties == null ? null : properties.getHeaders();
    Object value = headers == null ? null : headers.get(STAMP_HEADER);
    byte[] stamp = null;
    if (value instanceof byte[] bytes) {
      stamp = bytes;
    } else if (value instanceof LongString longString) {
      stamp = longString.getBytes();
    }
    return stamp != null && stamp.length >= OutgoingMessage.STAMP_BYTES ? stamp : NO_STAMP;
  }
}
