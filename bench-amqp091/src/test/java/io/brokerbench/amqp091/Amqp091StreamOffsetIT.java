package io.brokerbench.amqp091;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import io.brokerbench.spi.AckMode;
import io.brokerbench.spi.Consumer;
import io.brokerbench.spi.ConsumerSpec;
import io.brokerbench.spi.DeliveryListener;
import io.brokerbench.spi.DestinationSpec;
import io.brokerbench.spi.DriverException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Stream consumers start where the {@code stream-offset} option says. */
class Amqp091StreamOffsetIT {
  private static final int MESSAGES = 100;

  private String stream;
  private Amqp091Driver setUp;

  @BeforeEach
  void fillAStream() throws Exception {
    TestBroker.require();
    stream = "bb-stream-" + Long.toString(ThreadLocalRandom.current().nextLong(1L << 40), 36);
    setUp =
        Amqp091Driver.open(
            Amqp091Config.parse(Map.of("uri", TestBroker.uri(), "queue-type", "stream")));
    setUp.declare(List.of(new DestinationSpec(stream, true)));
    try (Connection connection = TestBroker.connect();
        Channel channel = connection.createChannel()) {
      channel.confirmSelect();
      for (int i = 0; i < MESSAGES; i++) {
        channel.basicPublish("", stream, null, ByteBuffer.allocate(12).putInt(i).array());
      }
      channel.waitForConfirmsOrDie(5_000);
    }
  }

  @AfterEach
  void deleteTheStream() throws Exception {
    if (setUp != null) {
      try {
        setUp.cleanup();
      } finally {
        setUp.close();
      }
    }
  }

  @ParameterizedTest
  @CsvSource({"first, 0, 100", "40, 40, 60", "next, -1, 0"})
  void consumersStartAtTheOffset(String offset, int firstIndex, int expected) throws Exception {
    Recorder recorder = new Recorder();
    try (Amqp091Driver driver =
        Amqp091Driver.open(
            Amqp091Config.parse(
                Map.of(
                    "uri", TestBroker.uri(), "queue-type", "stream", "stream-offset", offset)))) {
      Consumer consumer =
          driver.createConsumer(new ConsumerSpec(0, stream, 0, AckMode.MULTIPLE, 10), recorder);
      long deadline = System.nanoTime() + 3_000_000_000L;
      while (recorder.indexes.size() < Math.max(expected, 1) && System.nanoTime() < deadline) {
        LockSupport.parkNanos(10_000_000);
      }
      LockSupport.parkNanos(200_000_000);
      consumer.close();
    }

    assertThat(recorder.indexes).hasSize(expected);
    if (expected > 0) {
      assertThat(recorder.indexes.peek()).isEqualTo(firstIndex);
    }
    assertThat(recorder.failure).isNull();
  }

  /** Keeps the index each delivery carries. */
  private static final class Recorder implements DeliveryListener {
    final ConcurrentLinkedQueue<Integer> indexes = new ConcurrentLinkedQueue<>();
    volatile DriverException failure;

    @Override
    public void onDelivery(
        byte[] stamp, int offset, boolean redelivered, long brokerTimestampMillis) {
      indexes.add(ByteBuffer.wrap(stamp, offset, 4).getInt());
    }

    @Override
    public void onFailure(DriverException e) {
      failure = e;
    }
  }
}
