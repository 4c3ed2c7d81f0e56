package io.brokerbench.amqp091;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.brokerbench.BenchmarkRun;
import io.brokerbench.contract.HeldConnectionTraffic;
import io.brokerbench.contract.HeldConnections;
import io.brokerbench.rabbitmq.testing.PrivateRabbitMqNode;
import io.brokerbench.result.ConnectionsResult;
import io.brokerbench.result.ResultSchema;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.Warning;
import io.brokerbench.spi.DriverException;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Many idle connections against a private RabbitMQ node (4.0.5 from {@code scripts/rabbitmq4.sh},
 * with its management API, and the open-files limit of the machine rather than 1024): they open,
 * are held without a thread each and close, and the broker's memory per connection is read from the
 * management API.
 */
class Amqp091IdleConnectionsIT {
  private static final int PORT = 5730;
  private static PrivateRabbitMqNode node;

  @BeforeAll
  static void startNode() throws Exception {
    node = PrivateRabbitMqNode.start("bb-idle-it", PORT, 15730);
  }

  @AfterAll
  static void stopNode() throws Exception {
    if (node != null) {
      node.close();
    }
  }

  @Test
  void holdsAThousandConnectionsWithTwoChannelsWithoutAThreadEach() throws Exception {
    RunResult result =
        BenchmarkRun.builder(HeldConnections.alone(1_000, 2, Duration.ofSeconds(2)))
            .driver("amqp091", Map.of("uri", node.uri(), "management-url", node.managementUrl()))
            .build()
            .run();

    // NIO threads and the heartbeat pool, whatever the count.
    HeldConnections.assertHeld(result, 1_000, 8, node.managementUrl());
  }

  @Test
  void connectionsToABrokerThatIsNotThereAreCountedByCause() throws Exception {
    // The driver connects to the first URI; idle connections go to both in turn.
    RunResult result =
        BenchmarkRun.builder(HeldConnections.alone(40, 1, Duration.ofSeconds(2)))
            .driver(
                "amqp091",
                Map.of(
                    "uri",
                    node.uri() + ",amqp://guest:guest@127.0.0.1:1",
                    "management-url",
                    node.managementUrl()))
            .build()
            .run();

    ResultSchema.assertValid(result);
    ConnectionsResult c = result.extras().connections();
    assertThat(c.opened()).isEqualTo(20);
    assertThat(c.failed()).isEqualTo(20);
    assertThat(c.failures()).containsExactly(Map.entry("refused", 20L));
    assertThat(c.firstFailure()).contains("127.0.0.1:1");
    assertThat(result.warned(Warning.CONNECTIONS)).isTrue();
  }

  @Test
  void aBrokerWhoseMemoryCannotBeReadFailsTheRunSayingHowToEnableIt() throws Exception {
    assertThatThrownBy(
            () ->
                BenchmarkRun.builder(HeldConnections.alone(10, 1, Duration.ofSeconds(2)))
                    .driver(
                        "amqp091",
                        Map.of("uri", node.uri(), "management-url", "http://127.0.0.1:1"))
                    .build()
                    .run())
        .isInstanceOf(DriverException.class)
        .hasMessageStartingWith(
            "cannot read the broker's memory: its management API at http://127.0.0.1:1"
                + " (ConnectException) and its Prometheus endpoint")
        .hasMessageEndingWith(
            "gave no figure: enable the rabbitmq_management or rabbitmq_prometheus plugin, or give"
                + " --management-url");
  }

  @Test
  void heldConnectionsSendALightRateMeasuredLikeAnyProducer() throws Exception {
    HeldConnectionTraffic.assertMeasured(
        BenchmarkRun.builder(HeldConnectionTraffic.workload("bb-idle-traffic"))
            .driver("amqp091", Map.of("uri", node.uri(), "management-url", node.managementUrl()))
            .build()
            .run());
  }
}
