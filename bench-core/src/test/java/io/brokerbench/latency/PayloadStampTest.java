package io.brokerbench.latency;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.spi.OutgoingMessage;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PayloadStampTest {
  private static final long EPOCH_NANOS = 1_795_000_000_123_456_789L;

  @ParameterizedTest
  @ValueSource(ints = {12, 13, 16, 20, 64, 1_000, 4_000, 1 << 20})
  void stampRoundTripsInTheBodyForEverySizeFromTwelveBytes(int size) {
    OutgoingMessage message = new OutgoingMessage(size);
    PayloadStamp.encode(message.stamp(), 0, 65_535, 123_456_789L, EPOCH_NANOS, 2_500);

    byte[] body = message.body();
    assertThat(message.stampInBody()).isTrue();
    assertThat(body).hasSize(size);
    assertThat(PayloadStamp.producerId(body, 0)).isEqualTo(65_535);
    assertThat(PayloadStamp.unwrapSequence(PayloadStamp.sequence24(body, 0), 123_456_000L))
        .isEqualTo(123_456_789L);
    assertThat(PayloadStamp.latencyFromIntendedNanos(body, 0, EPOCH_NANOS + 1_000_000))
        .isBetween(1_000_000L, 1_000_004L);
    assertThat(PayloadStamp.slipNanos(body, 0)).isEqualTo(2_500L);
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 5, 11})
  void bodiesBelowTwelveBytesCarryTheStampApart(int size) {
    OutgoingMessage message = new OutgoingMessage(size);
    PayloadStamp.encode(message.stamp(), 0, 7, 42, EPOCH_NANOS, 0);

    assertThat(message.stampInBody()).isFalse();
    assertThat(message.body()).hasSize(size);
    assertThat(message.stamp()).hasSize(PayloadStamp.BYTES);
    assertThat(PayloadStamp.producerId(message.stamp(), 0)).isEqualTo(7);
  }

  @Test
  void stampIsReadAtAnOffset() {
    byte[] buffer = new byte[40];
    PayloadStamp.encode(buffer, 17, 3, 9, EPOCH_NANOS, 0);

    assertThat(PayloadStamp.producerId(buffer, 17)).isEqualTo(3);
    assertThat(PayloadStamp.sequence24(buffer, 17)).isEqualTo(9);
  }

  @Test
  void sequenceUnwrapsAcrossThe24BitBoundaryInBothDirections() {
    int wrapped = (int) ((1L << 24) + 5 & 0xFF_FFFF);

    assertThat(PayloadStamp.unwrapSequence(wrapped, (1L << 24) - 3)).isEqualTo((1L << 24) + 5);
    assertThat(PayloadStamp.unwrapSequence(0xFF_FFFE, 1L << 24)).isEqualTo((1L << 24) - 2);
  }

  @Test
  void latencyIsRightAcrossTheTimeFieldWrap() {
    long wrap = 1L << 42;
    long intended = 5 * wrap - 1_000;
    byte[] stamp = new byte[12];
    PayloadStamp.encode(stamp, 0, 0, 0, intended, 0);

    assertThat(PayloadStamp.latencyFromIntendedNanos(stamp, 0, intended + 3_000_000))
        .isBetween(3_000_000L, 3_000_004L);
  }

  @Test
  void receiverClockBehindTheSenderGivesANegativeLatency() {
    byte[] stamp = new byte[12];
    PayloadStamp.encode(stamp, 0, 0, 0, EPOCH_NANOS, 0);

    assertThat(PayloadStamp.latencyFromIntendedNanos(stamp, 0, EPOCH_NANOS - 5_000_000))
        .isBetween(-5_000_004L, -4_999_996L);
  }

  @Test
  void slipIsExactBelow4096NanosAndWithinATwentyFifthOfAPercentAbove() {
    for (long v = 0; v < 4096; v++) {
      assertThat(PayloadStamp.decodeSlip(PayloadStamp.encodeSlip(v))).isEqualTo(v);
    }
    SplittableRandom random = new SplittableRandom(1);
    for (int i = 0; i < 100_000; i++) {
      long v = random.nextLong(4096, PayloadStamp.MAX_SLIP_NANOS);
      long decoded = PayloadStamp.decodeSlip(PayloadStamp.encodeSlip(v));
      assertThat((double) Math.abs(v - decoded) / v).isLessThanOrEqualTo(0.00025);
    }
  }

  @Test
  void slipOutOfRangeIsClampedNotWrapped() {
    assertThat(PayloadStamp.decodeSlip(PayloadStamp.encodeSlip(-5))).isZero();
    assertThat(PayloadStamp.decodeSlip(PayloadStamp.encodeSlip(Long.MAX_VALUE)))
        .isEqualTo(PayloadStamp.MAX_SLIP_NANOS);
  }
}
