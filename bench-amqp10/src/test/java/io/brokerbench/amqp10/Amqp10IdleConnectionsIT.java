package io.brokerbench.amqp10;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.BenchmarkRun;
import io.brokerbench.contract.HeldConnectionTraffic;
import io.brokerbench.latency.LatencyKind;
import io.brokerbench.rabbitmq.testing.PrivateRabbitMqNode;
import io.brokerbench.result.ConnectionsResult;
import io.brokerbench.result.ResultSchema;
import io.brokerbench.result.RunResult;
import io.brokerbench.workload.Connections;
import io.brokerbench.workload.Workload;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Many idle AMQP 1.0 connections with two sessions each (RabbitMQ 4.0's connection study, scaled
 * down) against a private RabbitMQ 4.0.5 node with its management API: one selector thread serves
 * them all, and they answer the broker's idle timeout while held.
 */
class Amqp10IdleConnectionsIT {
  private static PrivateRabbitMqNode node;

  @BeforeAll
  static void startNode() throws Exception {
    node = PrivateRabbitMqNode.start("bb-idle10-it", 5731, 15731);
  }

  @AfterAll
  static void stopNode() throws Exception {
    if (node != null) {
      node.close();
    }
  }

  /** The node, its RabbitMQ 4 queue addresses and its management API (for broker memory). */
  private static Map<String, String> options() {
    return Map.of(
        "url", node.uri(), "address", "/queues/%s", "management-url", node.managementUrl());
  }

  @Test
  void holdsAThousandConnectionsWithTwoSessionsOnOneThread() throws Exception {
    RunResult result =
        BenchmarkRun.builder(
                Workload.builder()
                    .producers(0)
                    .consumers(0)
                    .connections(new Connections(1_000, 2, Double.POSITIVE_INFINITY))
                    .duration(Duration.ofSeconds(3))
                    .build())
            .driver("amqp10", options())
            .build()
            .run();

    ResultSchema.assertValid(result);
    assertThat(result.ending().status()).isEqualTo(RunResult.COMPLETED);
    ConnectionsResult c = result.extras().connections();
    assertThat(c.opened()).as(c.describeOpening()).isEqualTo(1_000);
    assertThat(c.failed()).isZero();
    assertThat(result.figures().latency().get(LatencyKind.CONNECT.key()).count()).isEqualTo(1_000);
    // The selector thread, whatever the count.
    assertThat(c.clientThreadsHeld() - c.clientThreadsBefore()).isLessThanOrEqualTo(3);
    assertThat(c.clientHeapBytesPerConnection()).isBetween(1L, 24L * 1024);
    assertThat(c.brokerMemorySource()).startsWith("management API at " + node.managementUrl());
    assertThat(c.brokerBytesPerConnection()).isBetween(20L * 1024, 1024L * 1024);
  }

  @Test
  void heldConnectionsSendALightRateMeasuredLikeAnyProducer() throws Exception {
    HeldConnectionTraffic.assertMeasured(
        BenchmarkRun.builder(HeldConnectionTraffic.workload("bb-idle10-traffic"))
            .driver("amqp10", options())
            .build()
            .run());
  }
}
