package io.brokerbench.amqp10;

import io.brokerbench.spi.OutgoingMessage;
import org.apache.qpid.protonj2.buffer.ProtonBuffer;
import org.apache.qpid.protonj2.buffer.impl.ProtonByteArrayBufferAllocator;
import org.apache.qpid.protonj2.client.AdvancedMessage;
import org.apache.qpid.protonj2.client.Message;
import org.apache.qpid.protonj2.client.exceptions.ClientException;
import org.apache.qpid.protonj2.types.Binary;

/**
 * The one protonj2 message a producer sends over and over: a header (durable or not) and a Data
 * section that wraps the core's reused body array, plus, when the body is below the stamp size, an
 * application property {@value #STAMP_PROPERTY} wrapping the core's stamp array.
 *
 * <p>protonj2 encodes a message inside {@code Sender.trySend} on the calling thread, reading the
 * wrapped arrays at that moment, so rebinding is only needed if the core hands over a different
 * {@link OutgoingMessage} (it does not: one per producer).
 *
 * <pre>{@code
 * StampedMessage m = new StampedMessage(true);
 * sender.trySend(m.bind(outgoing));
 * }</pre>
 */
final class StampedMessage {
  /** Application property carrying the stamp when the body is too small. */
  static final String STAMP_PROPERTY = "bb-stamp";

  private final boolean durable;
  private final String replyTo;
  private final String correlationId;
  private OutgoingMessage bound;
  private Message<byte[]> message;

  StampedMessage(boolean durable) {
    this(durable, null, null);
  }

  /**
   * The message of a requester: each carries the reply address and correlation id (the stamp tells
   * the requests apart).
   */
  StampedMessage(boolean durable, String replyTo, String correlationId) {
    this.durable = durable;
    this.replyTo = replyTo;
    this.correlationId = correlationId;
  }

  /** The protonj2 message carrying {@code outgoing}'s current bytes. */
  Message<byte[]> bind(OutgoingMessage outgoing) throws ClientException {
    if (outgoing != bound) {
      rebind(outgoing);
    }
    return message;
  }

  private void rebind(OutgoingMessage outgoing) throws ClientException {
    Message<byte[]> m = Message.create(outgoing.body());
    m.durable(durable);
    if (replyTo != null) {
      m.replyTo(replyTo);
      m.correlationId(correlationId);
    }
    if (!outgoing.stampInBody()) {
      // A Binary over a read-only wrapper shares the stamp array (Binary(byte[]) would copy it
      // once, freezing the first stamp); a plain byte[] would be encoded as an AMQP array.
      m.property(
          STAMP_PROPERTY,
          new Binary(ProtonByteArrayBufferAllocator.wrapped(outgoing.stamp()).convertToReadOnly()));
    }
    message = m;
    bound = outgoing;
  }

  /** Encodes the message as protonj2 does when sending (for benchmarks and tests). */
  ProtonBuffer encode(OutgoingMessage outgoing) throws ClientException {
    return ((AdvancedMessage<byte[]>) bind(outgoing)).encode(null);
  }
}
