package io.brokerbench.amqp091;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.impl.AMQImpl;
import com.rabbitmq.client.impl.Frame;
import io.brokerbench.spi.OutgoingMessage;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;

/**
 * One producer's publish as the bytes that go on the wire: the {@code basic.publish} method frame,
 * the content header frame and the body frames, encoded once by amqp-client and then rewritten in
 * place for each message (the stamp, in the body or the header, and the body bytes).
 *
 * <pre>{@code
 * PublishFrames publish = new PublishFrames(channelNumber, frameMax, exchange, key, mandatory, properties, 12);
 * publish.fill(message);
 * connection.writeFrame(publish); // the frame handler calls writeTo under its output lock
 * }</pre>
 *
 * <p>Why: amqp-client's {@code basicPublish} builds a publish method, a command, three frames and
 * their payload arrays per message, adds the delivery tag to a synchronized sorted set in confirm
 * mode, and takes several locks; its JIT compilation alone costs a third of a second per run. Here
 * a publish is one array copy and one write into the connection's buffer.
 *
 * <p>It passes itself to amqp-client as one {@link Frame} whose {@link #writeTo} writes all the
 * frames, so the connection's output lock keeps them together. Only for connections whose frame
 * handler writes the frame during {@code writeFrame} (blocking sockets; NIO queues the frame and
 * writes it later, when this object holds the next message). One instance per producer, used by its
 * thread only.
 */
final class PublishFrames extends Frame {
  private static final int FRAME_OVERHEAD_BYTES = 8;

  private final byte[] wire;
  private final int bodyAt;
  private final int bodyBytes;
  private final int bodyFramePayloadBytes;
  private final int headerStampAt;

  /**
   * The frames of publishes with these arguments and a body of {@code bodyBytes}.
   *
   * @param channelNumber the producer's channel
   * @param frameMax the connection's negotiated largest frame, 0 for no limit
   * @param properties the message properties (with the stamp header when the body is too small for
   *     the stamp; its value is overwritten per message)
   * @throws IllegalArgumentException when the properties do not fit in one frame
   */
  PublishFrames(
      int channelNumber,
      int frameMax,
      String exchange,
      String routingKey,
      boolean mandatory,
      AMQP.BasicProperties properties,
      int bodyBytes)
      throws IOException {
    super(AMQP.FRAME_METHOD, channelNumber);
    this.bodyBytes = bodyBytes;
    this.bodyFramePayloadBytes =
        frameMax > 0 ? frameMax - FRAME_OVERHEAD_BYTES : Math.max(bodyBytes, 1);
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(head);
    new AMQImpl.Basic.Publish(0, exchange, routingKey, mandatory, false)
        .toFrame(channelNumber)
        .writeTo(out);
    int headerFrameAt = head.size();
    Frame header = properties.toFrame(channelNumber, bodyBytes);
    if (frameMax > 0 && header.size() > frameMax) {
      throw new IllegalArgumentException(
          "content headers exceed the largest frame: " + header.size() + " > " + frameMax);
    }
    header.writeTo(out);
    out.flush();
    byte[] headerPayload = header.getPayload();
    int stampAt =
        bodyBytes < OutgoingMessage.STAMP_BYTES
            ? ContentHeaderScan.valueOffset(
                headerPayload,
                headerPayload.length,
                PublishEncoder.STAMP_HEADER_BYTES,
                OutgoingMessage.STAMP_BYTES)
            : ContentHeaderScan.ABSENT;
    this.headerStampAt = stampAt == ContentHeaderScan.ABSENT ? -1 : headerFrameAt + 7 + stampAt;
    this.bodyAt = head.size();
    int bodyFrames = (bodyBytes + bodyFramePayloadBytes - 1) / bodyFramePayloadBytes;
    this.wire = new byte[bodyAt + bodyBytes + bodyFrames * FRAME_OVERHEAD_BYTES];
    System.arraycopy(head.toByteArray(), 0, wire, 0, bodyAt);
    int at = bodyAt;
    for (int offset = 0; offset < bodyBytes; offset += bodyFramePayloadBytes) {
      int length = Math.min(bodyFramePayloadBytes, bodyBytes - offset);
      wire[at] = AMQP.FRAME_BODY;
      wire[at + 1] = (byte) (channelNumber >>> 8);
      wire[at + 2] = (byte) channelNumber;
      wire[at + 3] = (byte) (length >>> 24);
      wire[at + 4] = (byte) (length >>> 16);
      wire[at + 5] = (byte) (length >>> 8);
      wire[at + 6] = (byte) length;
      at += 7 + length;
      wire[at++] = (byte) AMQP.FRAME_END;
    }
  }

  /** Puts {@code message}'s stamp and body into the frames. */
  void fill(OutgoingMessage message) {
    if (headerStampAt >= 0) {
      System.arraycopy(message.stamp(), 0, wire, headerStampAt, OutgoingMessage.STAMP_BYTES);
    }
    byte[] body = message.body();
    int at = bodyAt + 7;
    for (int offset = 0; offset < bodyBytes; offset += bodyFramePayloadBytes) {
      int length = Math.min(bodyFramePayloadBytes, bodyBytes - offset);
      System.arraycopy(body, offset, wire, at, length);
      at += length + FRAME_OVERHEAD_BYTES;
    }
  }

  /** Writes every frame of the publish; amqp-client's frame handler calls it under its lock. */
  @Override
  public void writeTo(DataOutputStream os) throws IOException {
    os.write(wire, 0, wire.length);
  }

  /** The bytes {@link #writeTo} writes. */
  @Override
  public int size() {
    return wire.length;
  }
}
