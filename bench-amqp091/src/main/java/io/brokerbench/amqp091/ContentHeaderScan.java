package io.brokerbench.amqp091;

import java.util.Arrays;

/**
 * Finds one header's value in the raw payload of an AMQP 0.9.1 content header frame (class, weight,
 * body size, property flags, properties) without decoding anything else, so a consumer can read its
 * stamp in place.
 */
final class ContentHeaderScan {
  /** What {@link #valueOffset} answers when the header is missing, too short or unreadable. */
  static final int ABSENT = -1;

  private static final int FLAGS_AT = 12;
  private static final int CONTENT_TYPE = 1 << 15;
  private static final int CONTENT_ENCODING = 1 << 14;
  private static final int HEADERS = 1 << 13;
  private static final int MORE_FLAGS = 1;

  private ContentHeaderScan() {}

  /**
   * Where the bytes of a header's value start.
   *
   * @param contentHeader holds the content header frame's payload from index 0
   * @param contentHeaderLength the payload's length
   * @param key the header's name, as its bytes
   * @param minLength the fewest value bytes that count
   * @return the offset in {@code contentHeader} of the value of header {@code key} when that value
   *     is a byte array or long string of at least {@code minLength} bytes, else {@link #ABSENT}
   */
  static int valueOffset(byte[] contentHeader, int contentHeaderLength, byte[] key, int minLength) {
    byte[] b = contentHeader;
    int limit = Math.min(contentHeaderLength, b.length);
    if (limit < FLAGS_AT + 2) {
      return ABSENT;
    }
    int flags = unsignedShort(b, FLAGS_AT);
    int at = FLAGS_AT + 2;
    for (int word = flags; (word & MORE_FLAGS) != 0 && at + 2 <= limit; at += 2) {
      word = unsignedShort(b, at);
    }
    if ((flags & CONTENT_TYPE) != 0) {
      at = skipShortString(b, at, limit);
    }
    if ((flags & CONTENT_ENCODING) != 0) {
      at = skipShortString(b, at, limit);
    }
    if ((flags & HEADERS) == 0 || at + 4 > limit) {
      return ABSENT;
    }
    int end = Math.min(limit, at + 4 + intAt(b, at));
    at += 4;
    while (at < end) {
      int keyLength = b[at] & 0xFF;
      int keyAt = at + 1;
      at = keyAt + keyLength;
      if (at >= end) {
        return ABSENT;
      }
      boolean wanted = keyLength == key.length && Arrays.equals(b, keyAt, at, key, 0, keyLength);
      char type = (char) b[at++];
      int size = fixedSize(type);
      if (size < 0) {
        if (at + 4 > end) {
          return ABSENT;
        }
        int length = intAt(b, at);
        at += 4;
        if (length < 0 || length > end - at) {
          return ABSENT;
        }
        if (wanted && (type == 'x' || type == 'S') && length >= minLength) {
          return at;
        }
        size = length;
      } else if (size == Integer.MAX_VALUE) {
        return ABSENT;
      }
      at += size;
    }
    return ABSENT;
  }

  /**
   * The bytes a field value of this type takes after its type byte: a fixed count, -1 for the types
   * with a 4-byte length first, {@link Integer#MAX_VALUE} for a type amqp-client does not know
   * either.
   */
  private static int fixedSize(char type) {
    return switch (type) {
      case 'S', 'x', 'F', 'A' -> -1;
      case 'I', 'i', 'f' -> 4;
      case 'D' -> 5;
      case 'T', 'd', 'l' -> 8;
      case 'b', 'B', 't' -> 1;
      case 's', 'u' -> 2;
      case 'V' -> 0;
      default -> Integer.MAX_VALUE;
    };
  }

  private static int skipShortString(byte[] b, int at, int limit) {
    return at < limit ? at + 1 + (b[at] & 0xFF) : limit;
  }

  private static int unsignedShort(byte[] b, int at) {
    return (b[at] & 0xFF) << 8 | b[at + 1] & 0xFF;
  }

  private static int intAt(byte[] b, int at) {
    return (b[at] & 0xFF) << 24
        | (b[at + 1] & 0xFF) << 16
        | (b[at + 2] & 0xFF) << 8
        | b[at + 3] & 0xFF;
  }
}
