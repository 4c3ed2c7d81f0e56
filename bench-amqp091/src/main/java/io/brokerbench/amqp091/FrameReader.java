package io.brokerbench.amqp091;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.MalformedFrameException;
import com.rabbitmq.client.impl.Frame;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.net.SocketTimeoutException;
import java.util.Arrays;

/**
 * Reads AMQP 0.9.1 frames from a connection's input into one reusable buffer and shows each in
 * place, so reading a frame allocates nothing.
 *
 * <pre>{@code
 * FrameReader frames = new FrameReader(socketInput, 64 * 1024 * 1024);
 * while (frames.next()) {
 *   handle(frames.type(), frames.channel(), frames.buffer(), frames.payloadOffset(), frames.payloadLength());
 * }
 * }</pre>
 *
 * <p>Implementation notes: amqp-client's own reader allocates a frame and its payload per frame and
 * takes about ten locks on the way (each {@code DataInputStream} byte read is a synchronized {@code
 * BufferedInputStream} call). Here the input is read in bulk, as much as it has, into a buffer that
 * grows to the largest frame seen; a frame's bytes stay where they are until the next call. A
 * socket timeout (amqp-client's heartbeat tick) can come in the middle of a frame: what was read
 * stays buffered and the next call goes on from there.
 */
final class FrameReader {
  private static final int FRAME_HEADER_BYTES = 7;
  private static final int INITIAL_BUFFER_BYTES = 64 * 1024;

  private final InputStream in;
  private final int maxPayloadBytes;
  private byte[] buffer = new byte[INITIAL_BUFFER_BYTES];
  private int start;
  private int end;
  private int frameBytes;
  private int type;
  private int channel;
  private int payloadLength;

  /** Counts the reader's entries into and returns from the input's read: odd while inside one. */
  private volatile int readCount;

  /**
   * A reader of one connection's input.
   *
   * @param in the connection's input, read by one thread only
   * @param maxPayloadBytes the largest frame payload accepted (amqp-client's inbound limit)
   */
  FrameReader(InputStream in, int maxPayloadBytes) {
    this.in = in;
    this.maxPayloadBytes = maxPayloadBytes;
  }

  /**
   * Reads the next frame; the previous one's bytes are gone after this call.
   *
   * @return true when a whole frame is there; false when the input timed out first
   * @throws IOException the input failed or ended, or the bytes are not an AMQP 0.9.1 frame
   */
  boolean next() throws IOException {
    start += frameBytes;
    frameBytes = 0;
    if (start == end) {
      start = 0;
      end = 0;
    }
    if (!fill(FRAME_HEADER_BYTES)) {
      return false;
    }
    int frameType = buffer[start] & 0xFF;
    if (frameType == 'A') {
      versionMismatch();
    }
    int size = intAt(start + 3);
    if (size < 0 || size >= Math.min(maxPayloadBytes, Integer.MAX_VALUE - FRAME_HEADER_BYTES)) {
      throw new IllegalStateException(
          "Frame body is too large ("
              + Integer.toUnsignedString(size)
              + "), maximum configured size is "
              + maxPayloadBytes
              + ". See ConnectionFactory#setMaxInboundMessageBodySize"
              + " if you need to increase the limit.");
    }
    int total = FRAME_HEADER_BYTES + size + 1;
    if (!fill(total)) {
      return false;
    }
    int marker = buffer[start + total - 1] & 0xFF;
    if (marker != AMQP.FRAME_END) {
      throw new MalformedFrameException("Bad frame end marker: " + marker);
    }
    type = frameType;
    channel = (buffer[start + 1] & 0xFF) << 8 | buffer[start + 2] & 0xFF;
    payloadLength = size;
    frameBytes = total;
    return true;
  }

  /** The frame's type ({@link AMQP#FRAME_METHOD} and so on). */
  int type() {
    return type;
  }

  /** The frame's channel number. */
  int channel() {
    return channel;
  }

  /** The array holding the frame's payload, valid until the next {@link #next()}. */
  byte[] buffer() {
    return buffer;
  }

  /** Where the payload starts in {@link #buffer()}. */
  int payloadOffset() {
    return start + FRAME_HEADER_BYTES;
  }

  /** The payload's length in bytes. */
  int payloadLength() {
    return payloadLength;
  }

  /**
   * How many times the reader entered or left a read of the input so far (only the reader thread
   * changes it): a watcher that sees the same odd count twice knows the reader waited in one read
   * all the time in between ({@link HeartbeatWatch}).
   */
  int readCount() {
    return readCount;
  }

  /** Whether a {@link #readCount()} was taken while the reader was inside a read. */
  static boolean isReading(int readCount) {
    return (readCount & 1) != 0;
  }

  /** The frame as amqp-client's own {@link Frame}, with a copy of the payload. */
  Frame toFrame() {
    int from = payloadOffset();
    return new Frame(type, channel, Arrays.copyOfRange(buffer, from, from + payloadLength));
  }

  /** Reads until {@code bytes} bytes from {@code start} are buffered; false on a timeout. */
  private boolean fill(int bytes) throws IOException {
    while (end - start < bytes) {
      if (start + bytes > buffer.length) {
        makeRoom(bytes);
      }
      int read;
      readCount++;
      try {
        read = in.read(buffer, end, buffer.length - end);
      } catch (SocketTimeoutException e) {
        return false;
      } finally {
        readCount++;
      }
      if (read < 0) {
        throw new EOFException("the broker closed the connection");
      }
      end += read;
    }
    return true;
  }

  /** Moves the buffered bytes to the front, in a larger buffer when a frame needs it. */
  private void makeRoom(int bytes) {
    byte[] target = bytes > buffer.length ? new byte[Math.max(bytes, 2 * buffer.length)] : buffer;
    System.arraycopy(buffer, start, target, 0, end - start);
    end -= start;
    start = 0;
    buffer = target;
  }

  /** The broker answered with a protocol header: amqp-client says which version it wanted. */
  private void versionMismatch() throws IOException {
    InputStream rest =
        new SequenceInputStream(new ByteArrayInputStream(buffer, start + 1, end - start - 1), in);
    Frame.protocolVersionMismatch(new DataInputStream(rest));
  }

  private int intAt(int at) {
    return (buffer[at] & 0xFF) << 24
        | (buffer[at + 1] & 0xFF) << 16
        | (buffer[at + 2] & 0xFF) << 8
        | buffer[at + 3] & 0xFF;
  }
}
