package io.brokerbench.amqp091;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import io.brokerbench.BenchmarkRun;
import io.brokerbench.contract.RunProgress;
import io.brokerbench.embedded.qpid.EmbeddedQpidBroker;
import io.brokerbench.result.RunResult;
import io.brokerbench.spi.DestinationSpec;
import io.brokerbench.spi.Driver;
import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.OutgoingMessage;
import io.brokerbench.spi.Producer;
import io.brokerbench.spi.ProducerSpec;
import io.brokerbench.spi.SendListener;
import io.brokerbench.spi.SendOutcome;
import io.brokerbench.workload.Workload;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Each failure a user can meet gives one clear line, and nothing hangs. */
class Amqp091ErrorsIT {
  private final Amqp091DriverProvider provider = new Amqp091DriverProvider();

  private static String unique(String prefix) {
    return prefix + "-" + Long.toString(ThreadLocalRandom.current().nextLong(1L << 40), 36);
  }

  @Test
  void refusedConnectionNamesHostAndPort() throws Exception {
    int port;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = socket.getLocalPort();
    }
    String uri = "amqp://127.0.0.1:" + port;

    assertThatThrownBy(() -> provider.open(Map.of("uri", uri)))
        .isInstanceOf(DriverException.class)
        .hasMessage(
            "cannot connect to 127.0.0.1:"
                + port
                + " (Connection refused): is the broker running and listening there?");
  }

  @Test
  void silentPortTimesOutWithinTheConnectTimeout() throws Exception {
    try (ServerSocket silent = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      String uri = "amqp://127.0.0.1:" + silent.getLocalPort();
      long start = System.nanoTime();

      assertThatThrownBy(() -> provider.open(Map.of("uri", uri, "connect-timeout-ms", "500")))
          .isInstanceOf(DriverException.class)
          .hasMessageStartingWith("cannot connect to 127.0.0.1:" + silent.getLocalPort())
          .hasMessageContaining("within 500 ms");
      assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
    }
  }

  @Test
  void wrongPasswordSaysAuthenticationFailedWithoutThePassword() {
    TestBroker.require();
    BrokerAddress broker = BrokerAddress.parse(TestBroker.uri());
    String uri = "amqp://guest:not-the-Secret@" + broker.endpoint();

    assertThatThrownBy(() -> provider.open(Map.of("uri", uri)))
        .isInstanceOf(DriverException.class)
        .hasMessageStartingWith(
            "authentication failed for user 'guest' at " + broker.endpoint() + ":")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("not-the-Secret"));
  }

  @Test
  void missingVirtualHostIsNamed() {
    TestBroker.require();
    BrokerAddress broker = BrokerAddress.parse(TestBroker.uri());
    String uri = "amqp://guest:guest@" + broker.endpoint() + "/no-such-vhost";

    assertThatThrownBy(() -> provider.open(Map.of("uri", uri)))
        .isInstanceOf(DriverException.class)
        .hasMessageStartingWith(
            "virtual host 'no-such-vhost' does not exist at " + broker.endpoint())
        .hasMessageContaining("create it (rabbitmqctl add_vhost no-such-vhost)");
  }

  @Test
  void aQueueOfAnotherTypeIsNamedWithBothTypes() throws Exception {
    TestBroker.require();
    String queue = unique("bb-err-precondition");
    // Not auto-delete, like the quorum queue: the two differ in their type only.
    try (Driver classic = provider.open(Map.of("uri", TestBroker.uri(), "auto-delete", "false"));
        Driver quorum = provider.open(Map.of("uri", TestBroker.uri(), "queue-type", "quorum"))) {
      classic.declare(List.of(new DestinationSpec(queue, true)));
      try {
        assertThatThrownBy(() -> quorum.declare(List.of(new DestinationSpec(queue, true))))
            .isInstanceOf(DriverException.class)
            .hasMessage(
                "queue '"
                    + queue
                    + "' exists as a classic queue but queue-type quorum was asked: delete the"
                    + " queue or give queue-type classic");
      } finally {
        classic.cleanup();
      }
    }
  }

  @Test
  void missingPredeclaredQueueIsNamed() throws Exception {
    TestBroker.require();
    String queue = unique("bb-err-missing");
    try (Driver driver = provider.open(Map.of("uri", TestBroker.uri(), "predeclared", "true"))) {
      assertThatThrownBy(() -> driver.declare(List.of(new DestinationSpec(queue, false))))
          .isInstanceOf(DriverException.class)
          .hasMessageContaining("predeclared queue '" + queue + "'")
          .hasMessageContaining("run without predeclared so that the run declares it")
          .hasMessageContaining("NOT_FOUND");
    }
  }

  @Test
  void publishingToAMissingExchangeFailsTheProducerNamingTheExchange() throws Exception {
    TestBroker.require();
    String exchange = unique("bb-err-no-exchange");
    RecordingListener listener = new RecordingListener();
    try (Driver driver = provider.open(Map.of("uri", TestBroker.uri(), "exchange", exchange));
        Producer producer =
            driver.createProducer(new ProducerSpec(0, "q", 16, false, 100), listener)) {
      OutgoingMessage message = new OutgoingMessage(100);
      message.sequence(0);
      producer.trySend(message);
      producer.flush();

      DriverException failure = listener.failure.get(5, TimeUnit.SECONDS);
      assertThat(failure.getMessage())
          .startsWith("producer 0 (exchange '" + exchange + "', routing key 'q') stopped")
          .contains("NOT_FOUND - no exchange '" + exchange + "'");
      message.sequence(1);
      assertThatThrownBy(() -> producer.trySend(message))
          .isInstanceOf(DriverException.class)
          .hasMessageContaining(exchange);
    }
  }

  @Test
  void brokerGoingAwayMidRunFailsTheRunWithoutHanging() throws Exception {
    EmbeddedQpidBroker broker = EmbeddedQpidBroker.start();
    try (Driver driver =
        provider.open(Map.of("uri", "amqp://guest:guest@127.0.0.1:" + broker.port()))) {
      Workload workload =
          Workload.builder()
              .destination(unique("bb-err-gone"))
              .messageBytes(100)
              .rate(500)
              .duration(Duration.ofSeconds(30))
              // Counted from the first send: the broker goes once an interval has confirms, which
              // on a busy machine was the warm-up's, whose sends the totals leave out (sent 0).
              .warmup(Duration.ZERO)
              .inFlightWindow(50)
              .drainTimeout(Duration.ofSeconds(5))
              .build();
      RunProgress progress = new RunProgress();
      CompletableFuture<RunResult> run =
          CompletableFuture.supplyAsync(
              () -> {
                try {
                  return BenchmarkRun.builder(workload).driver(driver).sink(progress).build().run();
                } catch (DriverException e) {
                  throw new IllegalStateException(e);
                }
              });
      progress.awaitConfirmedInterval(Duration.ofSeconds(20));
      long stopped = System.nanoTime();
      broker.close();

      RunResult result = run.get(20, TimeUnit.SECONDS);
      assertThat(Duration.ofNanos(System.nanoTime() - stopped)).isLessThan(Duration.ofSeconds(15));
      assertThat(result.ending().status()).isEqualTo("failed");
      assertThat(result.ending().error())
          .contains("stopped")
          .contains("127.0.0.1:" + broker.port());
      assertThat(result.figures().totals().counts().sent()).isPositive();
    } finally {
      broker.close();
    }
  }

  @Test
  void deletingWhatItDeclaredLeavesPredeclaredQueuesAlone() throws Exception {
    TestBroker.require();
    String queue = unique("bb-err-keep");
    try (Connection connection = TestBroker.connect();
        Channel channel = connection.createChannel()) {
      channel.queueDeclare(queue, false, false, false, null);
      try (Driver driver = provider.open(Map.of("uri", TestBroker.uri(), "predeclared", "true"))) {
        driver.declare(List.of(new DestinationSpec(queue, false)));
        driver.cleanup();
      }
      assertThat(channel.queueDeclarePassive(queue).getQueue()).isEqualTo(queue);
      channel.queueDelete(queue);
    }
  }

  /** Records the first failure a producer reports. */
  private static final class RecordingListener implements SendListener {
    final CompletableFuture<DriverException> failure = new CompletableFuture<>();

    @Override
    public void onConfirm(long sequence, boolean multiple, SendOutcome outcome) {}

    @Override
    public void onReturned(byte[] stamp, int offset) {}

    @Override
    public void onFailure(DriverException e) {
      failure.complete(e);
    }
  }
}
