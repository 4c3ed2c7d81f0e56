package io.brokerbench.amqp10;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.spi.OutgoingMessage;
import java.lang.management.ManagementFactory;
import org.apache.qpid.protonj2.buffer.ProtonBuffer;
import org.junit.jupiter.api.Test;

/**
 * The per-message code on our side allocates nothing once warm: encoding a stamped body and finding
 * the stamp in a received message. (JMH's GC profiler is the precise tool; this guards against
 * regressions in the unit build.)
 */
class HotPathAllocationTest {
  private static final int WARM_UP = 20_000;
  private static final int MEASURED = 20_000;

  private static long allocatedBytes() {
    return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean())
        .getThreadAllocatedBytes(Thread.currentThread().getId());
  }

  @Test
  void encodingAndReadingTheStampDoNotAllocate() {
    OutgoingMessage message = new OutgoingMessage(12);
    MessageEncoder encoder = new MessageEncoder(true);
    StampReader reader = new StampReader();
    ProtonBuffer sample = encoder.encode(message);
    byte[] encoded = new byte[sample.getReadableBytes()];
    sample.copyInto(sample.getReadOffset(), encoded, 0, encoded.length);
    long sink = 0;
    for (int i = 0; i < WARM_UP; i++) {
      sink += encoder.encode(message).getReadableBytes();
      sink += reader.read(encoded, encoded.length) ? reader.stampOffset() : 0;
    }

    long before = allocatedBytes();
    for (int i = 0; i < MEASURED; i++) {
      message.body()[0] = (byte) i;
      sink += encoder.encode(message).getReadableBytes();
      sink += reader.read(encoded, encoded.length) ? reader.stampOffset() : 0;
    }
    long perMessage = (allocatedBytes() - before) / MEASURED;

    assertThat(sink).isPositive();
    assertThat(perMessage).isZero();
  }
}
