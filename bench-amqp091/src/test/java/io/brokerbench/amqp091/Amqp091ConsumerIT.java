package io.brokerbench.amqp091;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.GetResponse;
import io.brokerbench.spi.AckMode;
import io.brokerbench.spi.Consumer;
import io.brokerbench.spi.ConsumerSpec;
import io.brokerbench.spi.DeliveryListener;
import io.brokerbench.spi.DriverException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Consumer behaviour the runner cannot see: acknowledgements at close, redelivered flags. */
class Amqp091ConsumerIT {
  private Connection connection;
  private Channel channel;
  private String queue;

  @BeforeEach
  void declareQueue() throws Exception {
    TestBroker.require();
    connection = TestBroker.connect();
    channel = connection.createChannel();
    queue = "bb-consumer-" + Long.toString(ThreadLocalRandom.current().nextLong(1L << 40), 36);
    channel.queueDeclare(queue, false, false, false, null);
  }

  @AfterEach
  void deleteQueue() throws Exception {
    if (connection != null) {
      try {
        channel.queueDelete(queue);
      } finally {
        connection.close();
      }
    }
  }

  private void publish(int count) throws Exception {
    channel.confirmSelect();
    for (int i = 0; i < count; i++) {
      channel.basicPublish("", queue, null, ByteBuffer.allocate(12).putInt(i).array());
    }
    channel.waitForConfirmsOrDie(5_000);
  }

  private static void awaitCount(AtomicInteger count, int expected) {
    long deadline = System.nanoTime() + 5_000_000_000L;
    while (count.get() < expected && System.nanoTime() < deadline) {
      LockSupport.parkNanos(5_000_000);
    }
  }

  private Amqp091Driver driver() throws DriverException {
    return Amqp091Driver.open(
        Amqp091Config.parse(Map.of("uri", TestBroker.uri(), "predeclared", "")));
  }

  @Test
  void closingAcknowledgesDeliveriesAMultipleAckHasNotCoveredYet() throws Exception {
    publish(1_050);
    Counter counter = new Counter();
    try (Amqp091Driver driver = driver()) {
      Consumer consumer =
          driver.createConsumer(new ConsumerSpec(0, queue, 200, AckMode.MULTIPLE, 200), counter);
      awaitCount(counter.deliveries, 1_050);
      consumer.close();
    }

    assertThat(counter.deliveries).hasValue(1_050);
    assertThat(channel.queueDeclarePassive(queue).getMessageCount()).isZero();
  }

  @Test
  void theRedeliveredFlagIsPassedOn() throws Exception {
    publish(1);
    GetResponse unacknowledged;
    try (Connection other = TestBroker.connect()) {
      unacknowledged = other.createChannel().basicGet(queue, false);
    }
    assertThat(unacknowledged).isNotNull();
    Counter counter = new Counter();
    try (Amqp091Driver driver = driver()) {
      Consumer consumer =
          driver.createConsumer(new ConsumerSpec(0, queue, 10, AckMode.EACH, 1), counter);
      awaitCount(counter.deliveries, 1);
      consumer.close();
    }

    assertThat(counter.redelivered).hasValue(1);
  }

  @Test
  void deliveriesComeStraightFromTheFramesOnceTheBrokerConfirmedTheSubscription() throws Exception {
    publish(500);
    Counter counter = new Counter();
    long direct;
    try (Amqp091Driver driver = driver()) {
      Amqp091Consumer consumer =
          (Amqp091Consumer)
              driver.createConsumer(
                  new ConsumerSpec(0, queue, 200, AckMode.MULTIPLE, 100), counter);
      awaitCount(counter.deliveries, 500);
      direct = DirectDeliveryFrameHandler.of(consumer.channel()).orElseThrow().deliveredDirectly();
      consumer.close();
    }

    assertThat(counter.deliveries).hasValue(500);
    assertThat(direct).isEqualTo(500);
    assertThat(channel.queueDeclarePassive(queue).getMessageCount()).isZero();
  }

  @Test
  void anIdleConsumerWithAOneSecondHeartbeatStaysConnected() throws Exception {
    Counter counter = new Counter();
    try (Amqp091Driver driver =
        Amqp091Driver.open(
            Amqp091Config.parse(
                Map.of("uri", TestBroker.uri(), "predeclared", "", "heartbeat", "1")))) {
      Consumer consumer =
          driver.createConsumer(new ConsumerSpec(0, queue, 10, AckMode.EACH, 1), counter);
      // Idle for three heartbeat intervals: the reader times out every 250 ms and sees only
      // heartbeats; a missed-heartbeat error would close the connection.
      LockSupport.parkNanos(3_500_000_000L);
      publish(10);
      awaitCount(counter.deliveries, 10);
      consumer.close();
    }

    assertThat(counter.failures).isEmpty();
    assertThat(counter.deliveries).hasValue(10);
  }

  /** Counts deliveries and redeliveries, and keeps failures. */
  private static final class Counter implements DeliveryListener {
    final AtomicInteger deliveries = new AtomicInteger();
    final AtomicInteger redelivered = new AtomicInteger();
    final List<DriverException> failures = new CopyOnWriteArrayList<>();

    @Override
    public void onDelivery(
        byte[] stamp, int offset, boolean isRedelivered, long brokerTimestampMillis) {
      deliveries.incrementAndGet();
      if (isRedelivered) {
        redelivered.incrementAndGet();
      }
    }

    @Override
    public void onFailure(DriverException failure) {
      failures.add(failure);
    }
  }
}
