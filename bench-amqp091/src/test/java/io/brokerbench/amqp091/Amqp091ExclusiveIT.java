package io.brokerbench.amqp091;

import static io.brokerbench.contract.TestListeners.IGNORED_DELIVERIES;
import static io.brokerbench.contract.TestListeners.IGNORED_SENDS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.DefaultConsumer;
import io.brokerbench.BenchmarkRun;
import io.brokerbench.result.RunResult;
import io.brokerbench.spi.AckMode;
import io.brokerbench.spi.Consumer;
import io.brokerbench.spi.ConsumerSpec;
import io.brokerbench.spi.DestinationSpec;
import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.ProducerSpec;
import io.brokerbench.workload.Workload;
import io.brokerbench.workload.WorkloadException;
import java.io.IOException;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * PerfTest's {@code -E}: queues declared exclusive by their first consumer's connection, shared
 * with the queue's later consumers, locked to every other connection and gone with their own.
 */
class Amqp091ExclusiveIT {
  private static final long WAIT_NANOS = TimeUnit.SECONDS.toNanos(5);

  private Connection connection;
  private String queue;
  private String exchange;

  @BeforeEach
  void connect() throws Exception {
    TestBroker.require();
    connection = TestBroker.connect();
    String suffix = Long.toString(ThreadLocalRandom.current().nextLong(1L << 40), 36);
    queue = "bb-exclusive-" + suffix;
    exchange = "bb-exclusive-x-" + suffix;
  }

  @AfterEach
  void deleteLeftovers() throws Exception {
    if (connection != null) {
      try {
        connection.createChannel().queueDelete(queue);
        connection.createChannel().exchangeDelete(exchange);
      } finally {
        connection.close();
      }
    }
  }

  private static Amqp091Driver open(String... options) throws DriverException {
    Map<String, String> values = new HashMap<>();
    values.put("uri", TestBroker.uri());
    values.put("exclusive", "");
    for (int i = 0; i < options.length; i += 2) {
      values.put(options[i], options[i + 1]);
    }
    return Amqp091Driver.open(Amqp091Config.parse(values));
  }

  private Workload workload(int consumers, long messages) {
    return Workload.builder()
        .producers(1)
        .consumers(consumers)
        .destination(queue)
        .messageBytes(12)
        .messagesPerProducer(messages)
        .inFlightWindow(100)
        .ack(AckMode.MULTIPLE, 50)
        .drainTimeout(Duration.ofSeconds(20))
        .reportInterval(Duration.ofMillis(500))
        .build();
  }

  private static void assertEveryMessageMoved(RunResult result, long messages) {
    assertThat(result.ending().status()).isEqualTo("completed");
    assertThat(result.figures().totals().counts().confirmed()).isEqualTo(messages);
    assertThat(result.figures().totals().counts().received()).isEqualTo(messages);
    assertThat(result.figures().integrity().lost()).isZero();
    assertThat(result.figures().integrity().duplicates()).isZero();
  }

  /** The reply code of the channel error a passive declare of the queue gets, 0 when none. */
  private int passiveDeclareReplyCode() throws Exception {
    Channel channel = connection.createChannel();
    try {
      channel.queueDeclarePassive(queue);
      channel.close();
      return 0;
    } catch (IOException e) {
      return io.brokerbench.rabbitmq.BrokerReplies.replyCode(
          io.brokerbench.rabbitmq.BrokerReplies.shutdownCause(e));
    }
  }

  private void awaitQueueGone() throws Exception {
    long deadline = System.nanoTime() + WAIT_NANOS;
    while (passiveDeclareReplyCode() != 404 && System.nanoTime() < deadline) {
      LockSupport.parkNanos(20_000_000);
    }
    assertThat(passiveDeclareReplyCode()).as("passive declare after the run").isEqualTo(404);
  }

  @Test
  void twoConsumersShareTheExclusiveQueuesConnectionAndTakeEveryMessage() throws Exception {
    try (Amqp091Driver driver = open()) {
      RunResult result = BenchmarkRun.builder(workload(2, 5_000)).driver(driver).build().run();

      assertEveryMessageMoved(result, 5_000);
      // The consumers closed, and with them the one connection that owned the queue.
      awaitQueueGone();
      driver.cleanup();
    }
  }

  @Test
  void producersReachTheExclusiveQueueThroughTheExchangeAndRoutingKey() throws Exception {
    try (Amqp091Driver driver = open("exchange", exchange, "routing-key", "bb-key")) {
      RunResult result = BenchmarkRun.builder(workload(1, 2_000)).driver(driver).build().run();

      assertEveryMessageMoved(result, 2_000);
      awaitQueueGone();
      driver.cleanup();
    }
    Channel channel = connection.createChannel();
    assertThatThrownBy(() -> channel.exchangeDeclarePassive(exchange))
        .hasStackTraceContaining("NOT_FOUND");
  }

  @Test
  void whileItsConsumersRunNoOtherConnectionMayUseTheQueue() throws Exception {
    try (Amqp091Driver driver = open()) {
      driver.declare(List.of(new DestinationSpec(queue, false)));
      Consumer first = driver.createConsumer(spec(0), IGNORED_DELIVERIES);
      Consumer second = driver.createConsumer(spec(1), IGNORED_DELIVERIES);

      assertThat(driver.openConnections()).isEqualTo(1);
      assertThat(passiveDeclareReplyCode()).isEqualTo(405);
      Channel other = connection.createChannel();
      assertThatThrownBy(() -> other.basicConsume(queue, true, new DefaultConsumer(other)))
          .hasStackTraceContaining("RESOURCE_LOCKED");

      first.close();
      assertThat(passiveDeclareReplyCode()).isEqualTo(405);
      second.close();
      assertThat(driver.openConnections()).isZero();
      awaitQueueGone();
      driver.cleanup();
    }
  }

  @Test
  void aQueueAnotherConnectionHoldsExclusivelyIsOneClearError() throws Exception {
    connection.createChannel().queueDeclare(queue, false, true, true, null);
    try (Amqp091Driver driver = open()) {
      driver.declare(List.of(new DestinationSpec(queue, false)));

      assertThatThrownBy(() -> driver.createConsumer(spec(0), IGNORED_DELIVERIES))
          .isInstanceOf(DriverException.class)
          .hasMessageStartingWith(
              "cannot declare exclusive queue '"
                  + queue
                  + "': another connection holds it as an exclusive queue (RESOURCE_LOCKED");
      assertThat(driver.openConnections()).isZero();
    }
  }

  @Test
  void aProducerWhoseQueueNoConsumerDeclaredIsRefused() throws Exception {
    try (Amqp091Driver driver = open()) {
      driver.declare(List.of(new DestinationSpec(queue, false)));

      assertThatThrownBy(
              () -> driver.createProducer(new ProducerSpec(0, queue, 0, false, 12), IGNORED_SENDS))
          .isInstanceOf(WorkloadException.class)
          .hasMessage(
              "producer 0 sends to queue '"
                  + queue
                  + "', which no consumer reads: an exclusive queue exists only on its consumer's"
                  + " connection, so the messages would be dropped (give every queue a consumer,"
                  + " or drop exclusive, -E)");
      assertThat(driver.openConnections()).isZero();
    }
  }

  private ConsumerSpec spec(int index) {
    return new ConsumerSpec(index, queue, 0, AckMode.AUTO, 1);
  }
}
