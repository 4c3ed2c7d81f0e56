package io.brokerbench.amqp091;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.impl.AMQConnection;
import com.rabbitmq.client.impl.FrameHandler;
import io.brokerbench.BenchmarkRun;
import io.brokerbench.contract.TestListeners;
import io.brokerbench.result.RunResult;
import io.brokerbench.spi.ProducerSpec;
import io.brokerbench.workload.Workload;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Connection options: channels per connection, several URIs in turn, NIO mode; sockets without a
 * timeout.
 */
class Amqp091ConnectionsIT {
  private String twoUris;

  @BeforeEach
  void requireBroker() {
    TestBroker.require();
    BrokerAddress broker = BrokerAddress.parse(TestBroker.uri());
    // Two spellings of the same broker, told apart by the driver's round-robin.
    twoUris = TestBroker.uri() + ",amqp://guest:guest@" + broker.endpoint() + "/%2F";
  }

  private static ProducerSpec spec(int index) {
    return new ProducerSpec(index, "unused", 0, false, 12);
  }

  @Test
  void channelsShareConnectionsAndNewConnectionsGoToTheUrisInTurn() throws Exception {
    try (Amqp091Driver driver =
        Amqp091Driver.open(
            Amqp091Config.parse(Map.of("uri", twoUris, "channels-per-connection", "2")))) {
      List<Amqp091Producer> producers = new ArrayList<>();
      for (int i = 0; i < 5; i++) {
        producers.add(
            (Amqp091Producer) driver.createProducer(spec(i), TestListeners.IGNORED_SENDS));
      }

      assertThat(driver.openConnections()).isEqualTo(3);
      assertThat(producers)
          .extracting(p -> p.address().uri())
          .containsExactly(
              TestBroker.uri(),
              TestBroker.uri(),
              twoUris.split(",")[1],
              twoUris.split(",")[1],
              TestBroker.uri());

      producers.get(0).close();
      assertThat(driver.openConnections()).isEqualTo(3);
      producers.get(1).close();
      assertThat(driver.openConnections()).isEqualTo(2);
      producers.forEach(Amqp091Producer::close);
      assertThat(driver.openConnections()).isEqualTo(1);
    }
  }

  @Test
  void aPlainConnectionWaitsForTheBrokerWithoutASocketTimeoutYetKeepsItsHeartbeat()
      throws Exception {
    ConnectionFactory factory = new TunedConnectionFactory();
    factory.setUri(TestBroker.uri());
    factory.setRequestedHeartbeat(30);
    factory.setAutomaticRecoveryEnabled(false);
    try (Connection connection = factory.newConnection("bb-untimed-socket")) {
      FrameHandler frames = ((AMQConnection) connection).getFrameHandler();

      assertThat(connection.getHeartbeat()).isEqualTo(30);
      assertThat(frames).isInstanceOf(DirectDeliveryFrameHandler.class);
      // amqp-client asked for a read timeout of a quarter heartbeat, which would switch the JDK's
      // socket to non-blocking mode for good; a watch counts the quarters instead.
      assertThat(frames.getTimeout()).isZero();
    }
  }

  @Test
  void onlyConfirmedPublishesOnBlockingSocketsAreSentFromTheReaderThread() throws Exception {
    ProducerSpec confirmed = new ProducerSpec(0, "unused", 192, false, 12);
    try (Amqp091Driver sockets =
            Amqp091Driver.open(Amqp091Config.parse(Map.of("uri", TestBroker.uri())));
        Amqp091Driver nio =
            Amqp091Driver.open(Amqp091Config.parse(Map.of("uri", TestBroker.uri(), "nio", "")))) {
      // The reader thread writes to its own blocking socket; an NIO loop must never wait for room
      // in the write queue it drains itself.
      assertThat(sockets.createProducer(confirmed, TestListeners.IGNORED_SENDS).sendsOnConfirm())
          .isTrue();
      assertThat(sockets.createProducer(spec(1), TestListeners.IGNORED_SENDS).sendsOnConfirm())
          .isFalse();
      assertThat(nio.createProducer(confirmed, TestListeners.IGNORED_SENDS).sendsOnConfirm())
          .isFalse();
    }
  }

  @Test
  void nioModeWithSharedConnectionsMovesEveryMessage() throws Exception {
    String queue = "bb-conn-" + Long.toString(ThreadLocalRandom.current().nextLong(1L << 40), 36);
    Workload workload =
        Workload.builder()
            .producers(4)
            .consumers(4)
            .destination(queue)
            .messageBytes(100)
            .messagesPerProducer(500)
            .inFlightWindow(64)
            .drainTimeout(Duration.ofSeconds(20))
            .reportInterval(Duration.ofMillis(500))
            .build();

    RunResult result =
        BenchmarkRun.builder(workload)
            .driver("amqp091", Map.of("uri", twoUris, "channels-per-connection", "3", "nio", ""))
            .build()
            .run();

    assertThat(result.ending().status()).isEqualTo("completed");
    assertThat(result.figures().totals().counts().confirmed()).isEqualTo(2_000);
    assertThat(result.figures().totals().counts().received()).isEqualTo(2_000);
    assertThat(result.figures().integrity().lost()).isZero();
    assertThat(result.figures().integrity().duplicates()).isZero();
  }
}
