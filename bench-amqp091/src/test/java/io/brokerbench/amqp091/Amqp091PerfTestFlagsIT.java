package io.brokerbench.amqp091;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import io.brokerbench.BenchmarkRun;
import io.brokerbench.result.RunResult;
import io.brokerbench.spi.AckMode;
import io.brokerbench.spi.Consumer;
import io.brokerbench.spi.ConsumerSpec;
import io.brokerbench.spi.DeliveryListener;
import io.brokerbench.spi.DestinationSpec;
import io.brokerbench.spi.DriverException;
import io.brokerbench.workload.Workload;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * PerfTest's {@code -qq}, {@code -sq}, {@code -ad}, {@code -b} and {@code -Q} against RabbitMQ,
 * each seen from the broker's side: the declared queue's type, arguments and auto-delete property,
 * the heartbeat the connection agreed on, the deliveries a channel-wide prefetch lets through.
 */
class Amqp091PerfTestFlagsIT {
  private static final long WAIT_NANOS = TimeUnit.SECONDS.toNanos(5);

  private Connection connection;
  private String queue;

  @BeforeEach
  void connect() throws Exception {
    TestBroker.require();
    connection = TestBroker.connect();
    queue = "bb-flags-" + Long.toString(ThreadLocalRandom.current().nextLong(1L << 40), 36);
  }

  @AfterEach
  void deleteQueue() throws Exception {
    if (connection != null) {
      try {
        connection.createChannel().queueDelete(queue);
      } finally {
        connection.close();
      }
    }
  }

  private static Amqp091Driver open(String... options) throws DriverException {
    Map<String, String> values = new HashMap<>();
    values.put("uri", TestBroker.uri());
    for (int i = 0; i < options.length; i += 2) {
      values.put(options[i], options[i + 1]);
    }
    return Amqp091Driver.open(Amqp091Config.parse(values));
  }

  private Workload.Builder workload(long messages) {
    return Workload.builder()
        .producers(1)
        .consumers(1)
        .destination(queue)
        .messageBytes(12)
        .messagesPerProducer(messages)
        .inFlightWindow(100)
        .drainTimeout(Duration.ofSeconds(20))
        .reportInterval(Duration.ofMillis(500));
  }

  /** Declares the queue as given on a fresh channel; a channel error says it differs. */
  private void redeclare(boolean durable, boolean autoDelete, Map<String, Object> arguments)
      throws Exception {
    connection.createChannel().queueDeclare(queue, durable, false, autoDelete, arguments);
  }

  private boolean queueExists() throws Exception {
    Channel channel = connection.createChannel();
    try {
      channel.queueDeclarePassive(queue);
      channel.close();
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  @Test
  void quorumQueueDeclaresADurableQuorumQueueThatOutlivesItsConsumers() throws Exception {
    try (Amqp091Driver driver = open("quorum-queue", "")) {
      RunResult result = BenchmarkRun.builder(workload(1_000).build()).driver(driver).build().run();

      assertThat(result.ending().status()).isEqualTo("completed");
      assertThat(result.figures().totals().counts().confirmed()).isEqualTo(1_000);
      assertThat(result.figures().totals().counts().received()).isEqualTo(1_000);
      assertThat(result.figures().integrity().lost()).isZero();
      // Not auto-delete although that is the default: the consumer is gone, the queue is not.
      redeclare(true, false, Map.of("x-queue-type", "quorum"));
      assertThatThrownBy(() -> redeclare(true, false, Map.of("x-queue-type", "classic")))
          .hasStackTraceContaining("inequivalent arg 'x-queue-type'");

      driver.cleanup();
    }
    assertThat(queueExists()).isFalse();
  }

  @Test
  void streamQueueDeclaresPerfTestsBoundedStreamAndRunsThroughIt() throws Exception {
    Map<String, Object> perfTests =
        Map.of(
            "x-queue-type", "stream",
            "x-max-length-bytes", 20_000_000_000L,
            "x-stream-max-segment-size-bytes", 500_000_000L);
    try (Amqp091Driver driver = open("stream-queue", "")) {
      driver.declare(List.of(new DestinationSpec(queue, false)));

      redeclare(true, false, perfTests);
      assertThatThrownBy(() -> redeclare(true, false, with(perfTests, "x-max-length-bytes", 1L)))
          .hasStackTraceContaining("inequivalent arg 'x-max-length-bytes'");
      assertThatThrownBy(
              () ->
                  redeclare(
                      true, false, with(perfTests, "x-stream-max-segment-size-bytes", 1_000L)))
          .hasStackTraceContaining("inequivalent arg 'x-stream-max-segment-size-bytes'");

      // An ack batch above PerfTest's stream prefetch of 200: capped by it, so nothing stalls.
      Workload workload = workload(2_000).ack(AckMode.MULTIPLE, 500).build();
      RunResult result = BenchmarkRun.builder(workload).driver(driver).build().run();

      assertThat(result.ending().status()).isEqualTo("completed");
      assertThat(result.figures().totals().counts().confirmed()).isEqualTo(2_000);
      assertThat(result.figures().totals().counts().received()).isEqualTo(2_000);
      assertThat(result.figures().integrity().lost()).isZero();
      driver.cleanup();
    }
    assertThat(queueExists()).isFalse();
  }

  private static Map<String, Object> with(Map<String, Object> arguments, String key, Object value) {
    Map<String, Object> changed = new HashMap<>(arguments);
    changed.put(key, value);
    return changed;
  }

  @Test
  void classicQueuesAreAutoDeleteByDefaultAndGoWithTheirLastConsumer() throws Exception {
    try (Amqp091Driver driver = open()) {
      driver.declare(List.of(new DestinationSpec(queue, false)));
      redeclare(false, true, null);
      assertThatThrownBy(() -> redeclare(false, false, null))
          .hasStackTraceContaining("inequivalent arg 'auto_delete'");

      RunResult result = BenchmarkRun.builder(workload(1_000).build()).driver(driver).build().run();

      assertThat(result.figures().totals().counts().received()).isEqualTo(1_000);
      long deadline = System.nanoTime() + WAIT_NANOS;
      while (queueExists() && System.nanoTime() < deadline) {
        LockSupport.parkNanos(20_000_000);
      }
      assertThat(queueExists()).isFalse();
      driver.cleanup();
    }
  }

  @Test
  void autoDeleteFalseKeepsTheQueueUntilCleanUp() throws Exception {
    try (Amqp091Driver driver = open("auto-delete", "false")) {
      RunResult result = BenchmarkRun.builder(workload(1_000).build()).driver(driver).build().run();

      assertThat(result.figures().totals().counts().received()).isEqualTo(1_000);
      redeclare(false, false, null);
      driver.cleanup();
    }
    assertThat(queueExists()).isFalse();
  }

  @Test
  void heartbeatIsRequestedFromTheBroker() throws Exception {
    try (Amqp091Driver driver = open("heartbeat", "7")) {
      assertThat(driver.negotiatedHeartbeatSeconds()).isEqualTo(7);
    }
  }

  @Test
  void noHeartbeatOptionAcceptsTheBrokersProposalLikePerfTest() throws Exception {
    ConnectionFactory factory = new ConnectionFactory();
    factory.setUri(TestBroker.uri());
    factory.setRequestedHeartbeat(0);
    int brokers;
    try (Connection plain = factory.newConnection("brokerbench-test")) {
      brokers = plain.getHeartbeat();
    }
    try (Amqp091Driver driver = open()) {
      assertThat(driver.negotiatedHeartbeatSeconds()).isEqualTo(brokers);
    }
  }

  @Test
  void globalQosHoldsBackDeliveriesForTheWholeChannel() throws Exception {
    Channel channel = connection.createChannel();
    channel.queueDeclare(queue, false, false, false, null);
    channel.confirmSelect();
    for (int i = 0; i < 500; i++) {
      channel.basicPublish("", queue, null, ByteBuffer.allocate(12).putInt(i).array());
    }
    channel.waitForConfirmsOrDie(5_000);
    BlockingListener listener = new BlockingListener();
    try (Amqp091Driver driver = open("predeclared", "", "global-qos", "50")) {
      Consumer consumer =
          driver.createConsumer(new ConsumerSpec(0, queue, 0, AckMode.EACH, 1), listener);
      try {
        assertThat(listener.first.await(5, TimeUnit.SECONDS)).isTrue();
        long deadline = System.nanoTime() + WAIT_NANOS;
        while (readyMessages() > 450 && System.nanoTime() < deadline) {
          LockSupport.parkNanos(20_000_000);
        }

        // The consumer holds its first delivery unacknowledged: the broker stops at 50.
        assertThat(readyMessages()).isEqualTo(450);
      } finally {
        listener.release.countDown();
        consumer.close();
      }
    }
  }

  private long readyMessages() throws Exception {
    try (Channel channel = connection.createChannel()) {
      return channel.queueDeclarePassive(queue).getMessageCount();
    }
  }

  @Test
  void aGlobalQosRunWithALargerAckBatchMovesEveryMessage() throws Exception {
    try (Amqp091Driver driver = open("global-qos", "50")) {
      Workload workload = workload(5_000).ack(AckMode.MULTIPLE, 200).build();

      RunResult result = BenchmarkRun.builder(workload).driver(driver).build().run();

      assertThat(result.ending().status()).isEqualTo("completed");
      assertThat(result.figures().totals().counts().sent()).isEqualTo(5_000);
      assertThat(result.figures().totals().counts().confirmed()).isEqualTo(5_000);
      assertThat(result.figures().totals().counts().received()).isEqualTo(5_000);
      assertThat(result.figures().integrity().lost()).isZero();
      assertThat(result.figures().integrity().duplicates()).isZero();
      driver.cleanup();
    }
  }

  /** Holds the first delivery until released, so that it stays unacknowledged. */
  private static final class BlockingListener implements DeliveryListener {
    final CountDownLatch first = new CountDownLatch(1);
    final CountDownLatch release = new CountDownLatch(1);

    @Override
    public void onDelivery(
        byte[] stamp, int offset, boolean isRedelivered, long brokerTimestampMillis) {
      first.countDown();
      try {
        release.await(10, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }

    @Override
    public void onFailure(DriverException failure) {}
  }
}
