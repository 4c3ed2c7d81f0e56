package io.brokerbench.amqp10;

import io.brokerbench.spi.OutgoingMessage;
import java.nio.charset.StandardCharsets;

/**
 * Finds the stamp in an encoded AMQP 1.0 message without decoding it into objects: the start of the
 * first Data section, or the binary value of the {@value StampedMessage#STAMP_PROPERTY} application
 * property; and whether the header marks a redelivery.
 *
 * <pre>{@code
 * StampReader reader = new StampReader();
 * if (reader.read(bytes, length)) listener.onDelivery(bytes, reader.stampOffset(), reader.redelivered(), ...);
 * }</pre>
 *
 * <p>Implementation notes: every AMQP 1.0 section is a described type ({@code 0x00}, a small-ulong
 * descriptor {@code 0x53 code}, a value), and every value's size follows from its constructor's
 * upper nibble (fixed widths 0 to 16 bytes for {@code 0x4_}–{@code 0x9_}, a 1- or 4-byte size for
 * variable, compound and array types {@code 0xa_}–{@code 0xf_}). So sections this reader does not
 * need — delivery and message annotations, properties — are skipped by size, which also sidesteps
 * the RabbitMQ 3.10 stream annotation that protonj2's decoder rejects ("Expected Symbol type but
 * found encoding: STR8"). Nothing allocates.
 */
final class StampReader {
  private static final int HEADER = 0x70;
  private static final int APPLICATION_PROPERTIES = 0x74;
  private static final int DATA = 0x75;
  private static final byte[] PROPERTY_KEY =
      StampedMessage.STAMP_PROPERTY.getBytes(StandardCharsets.UTF_8);

  private int stampOffset;
  private boolean redelivered;

  /**
   * Scans one encoded message.
   *
   * @return true when a stamp of {@value OutgoingMessage#STAMP_BYTES} bytes was found
   */
  boolean read(byte[] buf, int length) {
    stampOffset = -1;
    redelivered = false;
    int p = 0;
    try {
      while (p < length && stampOffset < 0) {
        if (buf[p] != 0x00 || (buf[p + 1] & 0xFF) != 0x53) {
          return false;
        }
        int code = buf[p + 2] & 0xFF;
        int value = p + 3;
        switch (code) {
          case HEADER -> readHeader(buf, value);
          case APPLICATION_PROPERTIES -> findProperty(buf, value);
          case DATA -> {
            int start = binaryStart(buf, value);
            if (start >= 0 && binaryLength(buf, value) >= OutgoingMessage.STAMP_BYTES) {
              stampOffset = start;
            }
            return stampOffset >= 0;
          }
          default -> {}
        }
        p = skip(buf, value);
      }
    } catch (ArrayIndexOutOfBoundsException truncated) {
      return false;
    }
    return stampOffset >= 0 && stampOffset + OutgoingMessage.STAMP_BYTES <= length;
  }

  /** Where the stamp starts, after {@link #read} returned true. */
  int stampOffset() {
    return stampOffset;
  }

  /**
   * True when the header says the message was delivered before: its first-acquirer is an explicit
   * false (RabbitMQ 4 marks a requeued message so, without a delivery count) or its delivery count
   * is above 0. An absent first-acquirer says nothing: senders leave it out.
   */
  boolean redelivered() {
    return redelivered;
  }

  /** Header: list of durable, priority, ttl, first-acquirer, delivery-count. */
  private void readHeader(byte[] buf, int p) {
    int ctor = buf[p] & 0xFF;
    int count;
    int q;
    if (ctor == 0xc0) {
      count = buf[p + 2] & 0xFF;
      q = p + 3;
    } else if (ctor == 0xd0) {
      count = readInt(buf, p + 5);
      q = p + 9;
    } else {
      return;
    }
    if (count < 4) {
      return;
    }
    for (int i = 0; i < 3; i++) {
      q = skip(buf, q);
    }
    int firstAcquirer = buf[q] & 0xFF;
    boolean notFirst = firstAcquirer == 0x42 || (firstAcquirer == 0x56 && buf[q + 1] == 0);
    if (count < 5) {
      redelivered = notFirst;
      return;
    }
    q = skip(buf, q);
    int c = buf[q] & 0xFF;
    long deliveryCount =
        switch (c) {
          case 0x43 -> 0;
          case 0x52 -> buf[q + 1] & 0xFF;
          case 0x70 -> readInt(buf, q + 1) & 0xFFFFFFFFL;
          default -> 0;
        };
    redelivered = notFirst || deliveryCount > 0;
  }

  private void findProperty(byte[] buf, int p) {
    int ctor = buf[p] & 0xFF;
    int count;
    int q;
    if (ctor == 0xc1) {
      count = buf[p + 2] & 0xFF;
      q = p + 3;
    } else if (ctor == 0xd1) {
      count = readInt(buf, p + 5);
      q = p + 9;
    } else {
      return;
    }
    for (int i = 0; i + 1 < count; i += 2) {
      boolean match = keyMatches(buf, q);
      q = skip(buf, q);
      if (match) {
        int start = binaryStart(buf, q);
        if (start >= 0 && binaryLength(buf, q) >= OutgoingMessage.STAMP_BYTES) {
          stampOffset = start;
        }
        return;
      }
      q = skip(buf, q);
    }
  }

  private static boolean keyMatches(byte[] buf, int p) {
    int ctor = buf[p] & 0xFF;
    int len;
    int start;
    if (ctor == 0xa1) {
      len = buf[p + 1] & 0xFF;
      start = p + 2;
    } else if (ctor == 0xb1) {
      len = readInt(buf, p + 1);
      start = p + 5;
    } else {
      return false;
    }
    if (len != PROPERTY_KEY.length) {
      return false;
    }
    for (int i = 0; i < len; i++) {
      if (buf[start + i] != PROPERTY_KEY[i]) {
        return false;
      }
    }
    return true;
  }

  /** Start of a binary value's bytes, or -1 when the value is not binary. */
  private static int binaryStart(byte[] buf, int p) {
    int ctor = buf[p] & 0xFF;
    return ctor == 0xa0 ? p + 2 : ctor == 0xb0 ? p + 5 : -1;
  }

  private static int binaryLength(byte[] buf, int p) {
    return (buf[p] & 0xFF) == 0xa0 ? buf[p + 1] & 0xFF : readInt(buf, p + 1);
  }

  /** Index just after the encoded value (or described value) starting at {@code p}. */
  static int skip(byte[] buf, int p) {
    int ctor = buf[p] & 0xFF;
    if (ctor == 0x00) {
      return skip(buf, skip(buf, p + 1));
    }
    return switch (ctor >>> 4) {
      case 0x4 -> p + 1;
      case 0x5 -> p + 2;
      case 0x6 -> p + 3;
      case 0x7 -> p + 5;
      case 0x8 -> p + 9;
      case 0x9 -> p + 17;
      case 0xa, 0xc, 0xe -> p + 2 + (buf[p + 1] & 0xFF);
      case 0xb, 0xd, 0xf -> p + 5 + readInt(buf, p + 1);
      default -> throw new ArrayIndexOutOfBoundsException("unknown AMQP constructor " + ctor);
    };
  }

  private static int readInt(byte[] buf, int p) {
    return (buf[p] & 0xFF) << 24
        | (buf[p + 1] & 0xFF) << 16
        | (buf[p + 2] & 0xFF) << 8
        | (buf[p + 3] & 0xFF);
  }
}
