package io.brokerbench.amqp091;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.brokerbench.BenchmarkRun;
import io.brokerbench.rabbitmq.testing.PrivateRabbitMqCluster;
import io.brokerbench.result.ResultSchema;
import io.brokerbench.result.RunResult;
import io.brokerbench.spi.Driver;
import io.brokerbench.spi.DriverException;
import io.brokerbench.workload.Workload;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Cluster placement against a real three-node RabbitMQ 4.0.5 cluster the test starts: producers and
 * consumers of a quorum queue connect to the node hosting its leader, or to the others, as the
 * management API tells; the report says which node each client used.
 */
class Amqp091PlacementIT {
  private static PrivateRabbitMqCluster cluster;

  @BeforeAll
  static void startCluster() throws Exception {
    cluster = PrivateRabbitMqCluster.start("bb-place-it", 5710);
  }

  @AfterAll
  static void stopCluster() throws Exception {
    if (cluster != null) {
      cluster.close();
    }
  }

  private static RunResult run(String placement, String queue) throws Exception {
    Map<String, String> options =
        Map.of(
            "uri",
            cluster.uris(),
            "queue-type",
            "quorum",
            "placement",
            placement,
            "management-url",
            cluster.managementUrl());
    try (Driver driver = new Amqp091DriverProvider().open(options)) {
      try {
        return BenchmarkRun.builder(
                Workload.builder()
                    .producers(2)
                    .consumers(2)
                    .destination(queue)
                    .rate(1_000)
                    .duration(Duration.ofSeconds(2))
                    .inFlightWindow(100)
                    .reportInterval(Duration.ofMillis(500))
                    .build())
            .driver(driver)
            .build()
            .run();
      } finally {
        driver.cleanup();
      }
    }
  }

  @Test
  void clientsConnectToTheQueueLeadersNode() throws Exception {
    RunResult result = run("leader", "bb-place-leader");

    ResultSchema.assertValid(result);
    assertThat(result.figures().integrity().lost()).isZero();
    Map<String, String> nodes = result.setup().environment().clientNodes();
    assertThat(nodes).containsOnlyKeys("producer 0", "producer 1", "consumer 0", "consumer 1");
    // The driver declares the queue over its first URI; the leader is on one node, the same for
    // every client.
    assertThat(nodes.values()).allMatch(n -> n.contains(", leader of queue 'bb-place-leader'"));
    assertThat(nodes.values().stream().map(n -> n.substring(0, n.indexOf(' '))).distinct())
        .hasSize(1);
  }

  @Test
  void clientsConnectToNodesWithoutTheLeaderInTurn() throws Exception {
    RunResult leader = run("leader", "bb-place-other");
    String leaderNode = leader.setup().environment().clientNodes().get("producer 0").split(" ")[0];

    RunResult result = run("non-leader", "bb-place-other");

    assertThat(result.figures().integrity().lost()).isZero();
    Map<String, String> nodes = result.setup().environment().clientNodes();
    assertThat(nodes.values())
        .allMatch(n -> n.contains(", not the leader of queue 'bb-place-other'"))
        .noneMatch(n -> n.startsWith(leaderNode + " "));
    // Two nodes without the leader, taken in turn.
    assertThat(nodes.values().stream().map(n -> n.substring(0, n.indexOf(' '))).distinct())
        .hasSize(2);
  }

  @Test
  void aManagementApiThatDoesNotAnswerIsAOneLineError() throws Exception {
    Map<String, String> options =
        Map.of(
            "uri", cluster.uris(),
            "placement", "leader",
            "management-url", "http://127.0.0.1:1");
    try (Driver driver = new Amqp091DriverProvider().open(options)) {
      assertThatThrownBy(
              () ->
                  BenchmarkRun.builder(Workload.builder().destination("bb-place-x").build())
                      .driver(driver)
                      .build()
                      .run())
          .isInstanceOf(DriverException.class)
          .hasMessageStartingWith(
              "cannot reach RabbitMQ's management API at http://127.0.0.1:1 to find queue leaders")
          .hasMessageEndingWith(
              ": enable the rabbitmq_management plugin, or give --management-url");
    }
  }
}
