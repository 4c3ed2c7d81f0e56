package io.brokerbench.amqp10;

import io.brokerbench.spi.OutgoingMessage;
import java.util.Collections;
import java.util.Map;
import org.apache.qpid.protonj2.buffer.ProtonBuffer;
import org.apache.qpid.protonj2.buffer.impl.ProtonByteArrayBufferAllocator;
import org.apache.qpid.protonj2.codec.CodecFactory;
import org.apache.qpid.protonj2.codec.Encoder;
import org.apache.qpid.protonj2.codec.EncoderState;
import org.apache.qpid.protonj2.types.Binary;
import org.apache.qpid.protonj2.types.messaging.ApplicationProperties;
import org.apache.qpid.protonj2.types.messaging.Data;
import org.apache.qpid.protonj2.types.messaging.Header;

/**
 * Encodes the core's reused {@link OutgoingMessage} as an AMQP 1.0 message with protonj2's codec
 * into one reused buffer, for the engine sender: a header (durable or not), the stamp as the
 * application property {@value StampedMessage#STAMP_PROPERTY} when the body is below the stamp
 * size, and a Data section.
 *
 * <pre>{@code
 * MessageEncoder encoder = new MessageEncoder(true);
 * ProtonBuffer payload = encoder.encode(outgoing); // valid until the next encode
 * }</pre>
 *
 * <p>Implementation notes: the section objects are built once per {@link OutgoingMessage} (the core
 * reuses one per producer) around read-only views of its arrays, and protonj2's encoder copies the
 * arrays' current bytes without moving the views' offsets, so one encode allocates nothing on our
 * side.
 */
final class MessageEncoder {
  private static final int INITIAL_BYTES = 256;

  private final Encoder encoder = CodecFactory.getDefaultEncoder();
  private final EncoderState state = encoder.newEncoderState();
  private final Header header = new Header();
  private final ProtonBuffer out =
      ProtonByteArrayBufferAllocator.allocator().allocate(INITIAL_BYTES);
  private OutgoingMessage bound;
  private Data body;
  private ApplicationProperties properties;

  MessageEncoder(boolean durable) {
    header.setDurable(durable);
  }

  /** True when the messages are durable. */
  boolean durable() {
    return header.isDurable();
  }

  /** Encodes the message's current bytes; the buffer is reused by the next call. */
  ProtonBuffer encode(OutgoingMessage message) {
    if (message != bound) {
      bind(message);
    }
    out.clear();
    if (header.isDurable()) {
      encoder.writeObject(out, state, header);
    }
    if (properties != null) {
      encoder.writeObject(out, state, properties);
    }
    encoder.writeObject(out, state, body);
    return out;
  }

  private void bind(OutgoingMessage message) {
    body = new Data(ProtonByteArrayBufferAllocator.wrapped(message.body()).convertToReadOnly());
    if (message.stampInBody()) {
      properties = null;
    } else {
      // A Binary over a read-only view shares the stamp array (see StampedMessage). A one-entry
      // map: protonj2 encodes a HashMap through a capturing lambda, 24 B per message.
      Map<String, Object> map =
          Collections.singletonMap(
              StampedMessage.STAMP_PROPERTY,
              new Binary(
                  ProtonByteArrayBufferAllocator.wrapped(message.stamp()).convertToReadOnly()));
      properties = new ApplicationProperties(map);
    }
    bound = message;
  }
}
