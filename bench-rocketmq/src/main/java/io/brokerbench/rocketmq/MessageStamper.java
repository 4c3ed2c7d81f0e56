package io.brokerbench.rocketmq;

import io.brokerbench.spi.OutgoingMessage;
import java.util.Map;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageConst;
import org.apache.rocketmq.common.message.MessageDecoder;

/**
 * The encode path: copies the core's {@link OutgoingMessage} into a reusable client {@link Message}
 * and reads the stamp back from a received one. One instance per producer (or consumer); not
 * thread-safe.
 *
 * <p>Per message this copies the body into the {@code Message}'s own array and removes the unique
 * id the client set on the previous send (so the client generates a new one). It allocates only for
 * the options that need strings: a key (the sequence number in decimal) and a header stamp (24 hex
 * characters, used when the body is below {@value OutgoingMessage#STAMP_BYTES} bytes). The client
 * itself then allocates per send: the unique id string, the properties string ({@link
 * #encodeProperties}), the request header and command, and in async mode a task and a wrapping
 * callback.
 */
final class MessageStamper {
  /** User property carrying the stamp, in hex, when the body is too small. */
  static final String STAMP_PROPERTY = "BB_STAMP";

  private static final char[] HEX = "0123456789abcdef".toCharArray();

  private final String topic;
  private final String tag;
  private final boolean keys;
  private final int delayLevel;
  private final char[] hex = new char[OutgoingMessage.STAMP_BYTES * 2];

  MessageStamper(String topic, String tag, boolean keys, int delayLevel) {
    this.topic = topic;
    this.tag = tag;
    this.keys = keys;
    this.delayLevel = delayLevel;
  }

  /** A client message for this producer with a body of the given size, to be reused. */
  Message newMessage(int bodyBytes) {
    Message message = new Message(topic, new byte[bodyBytes]);
    if (tag != null) {
      message.setTags(tag);
    }
    if (delayLevel > 0) {
      message.setDelayTimeLevel(delayLevel);
    }
    return message;
  }

  /**
   * Makes {@code target} carry {@code source}: body, stamp and key. The caller owns {@code target}
   * until the client is done with it.
   */
  void stamp(OutgoingMessage source, Message target) {
    byte[] body = source.body();
    System.arraycopy(body, 0, target.getBody(), 0, body.length);
    Map<String, String> properties = target.getProperties();
    properties.remove(MessageConst.PROPERTY_UNIQ_CLIENT_MESSAGE_ID_KEYIDX);
    if (!source.stampInBody()) {
      target.putUserProperty(STAMP_PROPERTY, hexStamp(source.stamp()));
    }
    if (keys) {
      target.setKeys(Long.toString(source.sequence()));
    }
  }

  private String hexStamp(byte[] stamp) {
    for (int i = 0; i < OutgoingMessage.STAMP_BYTES; i++) {
      hex[2 * i] = HEX[(stamp[i] >> 4) & 0xF];
      hex[2 * i + 1] = HEX[stamp[i] & 0xF];
    }
    return new String(hex);
  }

  /** What the client encodes per send besides the body: the properties string. */
  static String encodeProperties(Message message) {
    return MessageDecoder.messageProperties2String(message.getProperties());
  }

  /**
   * Finds a received message's stamp.
   *
   * @param scratch {@value OutgoingMessage#STAMP_BYTES} bytes to decode a header stamp into
   * @return the array holding the stamp at offset 0 (the body or {@code scratch}), or null when the
   *     message carries none
   */
  static byte[] stampOf(Message message, byte[] scratch) {
    byte[] body = message.getBody();
    if (body != null && body.length >= OutgoingMessage.STAMP_BYTES) {
      return body;
    }
    String hexStamp = message.getUserProperty(STAMP_PROPERTY);
    if (hexStamp == null || hexStamp.length() != 2 * OutgoingMessage.STAMP_BYTES) {
      return null;
    }
    for (int i = 0; i < OutgoingMessage.STAMP_BYTES; i++) {
      int high = Character.digit(hexStamp.charAt(2 * i), 16);
      int low = Character.digit(hexStamp.charAt(2 * i + 1), 16);
      if (high < 0 || low < 0) {
        return null;
      }
      scratch[i] = (byte) (high << 4 | low);
    }
    return scratch;
  }
}
