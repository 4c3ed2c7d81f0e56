package io.brokerbench.latency;

import io.brokerbench.spi.OutgoingMessage;

/**
 * Encodes and decodes the 12-byte stamp each message carries, so that the smallest seed workload
 * (12-byte bodies) is stamped without headers. Static methods on a caller-owned array; nothing
 * allocates.
 *
 * <pre>{@code
 * PayloadStamp.encode(body, 0, producerId, sequence, intendedEpochNanos, slipNanos);
 * // ... on the consumer:
 * long fromIntended = PayloadStamp.latencyFromIntendedNanos(body, 0, receiveEpochNanos);
 * long fromSend = fromIntended - PayloadStamp.slipNanos(body, 0);
 * }</pre>
 *
 * <p>Implementation notes. Layout, big-endian:
 *
 * <pre>
 * bytes 0-1   producer id (16 bits)
 * bytes 2-4   sequence number, low 24 bits (the consumer unwraps it against the last one seen)
 * bytes 5-9   intended send time, epoch nanoseconds / 4, low 40 bits (wraps every 73 minutes)
 * bytes 10-11 schedule slip (actual - intended send time) in nanoseconds as a 16-bit float:
 *             5-bit exponent e, 11-bit mantissa m; e = 0: value m (exact below 2048 ns);
 *             else value (2048 + m) &lt;&lt; (e - 1), rounded to nearest: within 0.025 %, up to
 *             73 minutes
 * </pre>
 *
 * A latency is the receive time minus the intended time modulo 2<sup>42</sup> ns, read as a signed
 * number: unambiguous while the true value lies within ±36 minutes. The time resolution is 4 ns.
 * The latency from the actual send is that minus the slip, so its error is at most 0.025 % of the
 * slip: nothing while the generator keeps its schedule, 25 µs for a message sent 100 ms late.
 */
public final class PayloadStamp {
  /** Bytes a stamp occupies. */
  public static final int BYTES = OutgoingMessage.STAMP_BYTES;

  /** Largest slip the stamp represents; larger values are stored as this. */
  public static final long MAX_SLIP_NANOS = 4095L << 30;

  private static final int MAX_ENCODED_SLIP = 31 << 11 | 0x7FF;

  private static final int SEQUENCE_BITS = 24;
  private static final int TIME_SHIFT = 2;
  private static final int TIME_BITS = 40;
  private static final int WRAP_BITS = TIME_BITS + TIME_SHIFT;

  private PayloadStamp() {}

  /**
   * Writes a stamp.
   *
   * @param dst the array to write into; at least {@link #BYTES} bytes from {@code offset}
   * @param producerId 0 to 65535
   * @param sequence the producer's sequence number (only its low 24 bits are stored)
   * @param intendedEpochNanos intended send time, nanoseconds since the epoch
   * @param slipNanos actual minus intended send time; negative values are stored as 0
   */
  public static void encode(
      byte[] dst,
      int offset,
      int producerId,
      long sequence,
      long intendedEpochNanos,
      long slipNanos) {
    long ticks = intendedEpochNanos >>> TIME_SHIFT;
    int slip = encodeSlip(slipNanos);
    dst[offset] = (byte) (producerId >>> 8);
    dst[offset + 1] = (byte) producerId;
    dst[offset + 2] = (byte) (sequence >>> 16);
    dst[offset + 3] = (byte) (sequence >>> 8);
    dst[offset + 4] = (byte) sequence;
    dst[offset + 5] = (byte) (ticks >>> 32);
    dst[offset + 6] = (byte) (ticks >>> 24);
    dst[offset + 7] = (byte) (ticks >>> 16);
    dst[offset + 8] = (byte) (ticks >>> 8);
    dst[offset + 9] = (byte) ticks;
    dst[offset + 10] = (byte) (slip >>> 8);
    dst[offset + 11] = (byte) slip;
  }

  /** The producer id, 0 to 65535. */
  public static int producerId(byte[] src, int offset) {
    return (src[offset] & 0xFF) << 8 | src[offset + 1] & 0xFF;
  }

  /** The low 24 bits of the sequence number; see {@link #unwrapSequence}. */
  public static int sequence24(byte[] src, int offset) {
    return (src[offset + 2] & 0xFF) << 16 | (src[offset + 3] & 0xFF) << 8 | src[offset + 4] & 0xFF;
  }

  /**
   * The full sequence number closest to {@code reference} whose low 24 bits are {@code sequence24}.
   * Exact while the true sequence is within ±8 million of the reference.
   */
  public static long unwrapSequence(int sequence24, long reference) {
    long delta = (sequence24 - reference) << (64 - SEQUENCE_BITS) >> (64 - SEQUENCE_BITS);
    return reference + delta;
  }

  /**
   * Receive time minus intended send time, in nanoseconds; negative when the receiver's clock is
   * behind the sender's.
   */
  public static long latencyFromIntendedNanos(byte[] src, int offset, long receiveEpochNanos) {
    long ticks =
        (src[offset + 5] & 0xFFL) << 32
            | (src[offset + 6] & 0xFFL) << 24
            | (src[offset + 7] & 0xFFL) << 16
            | (src[offset + 8] & 0xFFL) << 8
            | src[offset + 9] & 0xFFL;
    long delta = receiveEpochNanos - (ticks << TIME_SHIFT);
    return delta << (64 - WRAP_BITS) >> (64 - WRAP_BITS);
  }

  /** Actual minus intended send time, in nanoseconds (≥ 0). */
  public static long slipNanos(byte[] src, int offset) {
    return decodeSlip((src[offset + 10] & 0xFF) << 8 | src[offset + 11] & 0xFF);
  }

  static int encodeSlip(long nanos) {
    if (nanos <= 0) {
      return 0;
    }
    if (nanos < 2048) {
      return (int) nanos;
    }
    int shift = 52 - Long.numberOfLeadingZeros(nanos);
    long rounded = shift == 0 ? nanos : (nanos + (1L << (shift - 1))) >>> shift;
    if (rounded == 4096) {
      shift++;
      rounded = 2048;
    }
    int exponent = shift + 1;
    if (exponent > 31) {
      return MAX_ENCODED_SLIP;
    }
    return exponent << 11 | (int) (rounded & 0x7FF);
  }

  static long decodeSlip(int encoded) {
    int exponent = encoded >>> 11;
    long mantissa = encoded & 0x7FF;
    return exponent == 0 ? mantissa : (mantissa | 0x800) << (exponent - 1);
  }
}
