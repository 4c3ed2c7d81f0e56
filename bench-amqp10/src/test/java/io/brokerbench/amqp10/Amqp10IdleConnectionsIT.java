package io.brokerbench.amqp10;

import io.brokerbench.BenchmarkRun;
import io.brokerbench.contract.HeldConnectionTraffic;
import io.brokerbench.contract.HeldConnections;
import io.brokerbench.rabbitmq.testing.PrivateRabbitMqNode;
import io.brokerbench.result.RunResult;
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
        BenchmarkRun.builder(HeldConnections.alone(1_000, 2, Duration.ofSeconds(3)))
            .driver("amqp10", options())
            .build()
            .run();

    // The selector thread, whatever the count.
    HeldConnections.assertHeld(result, 1_000, 3, node.managementUrl());
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
