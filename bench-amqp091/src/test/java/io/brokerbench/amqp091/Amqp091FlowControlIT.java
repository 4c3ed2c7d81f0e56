package io.brokerbench.amqp091;

import io.brokerbench.rabbitmq.testing.MemoryAlarmRun;
import io.brokerbench.rabbitmq.testing.PrivateRabbitMqNode;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A memory alarm on a private RabbitMQ node (4.0.5 from {@code scripts/rabbitmq4.sh}, never the
 * machine's own): the broker blocks the publishers ({@code connection.blocked}) for a few seconds,
 * and the run says so as it happens, counts it with its length, and still sends every message.
 */
class Amqp091FlowControlIT {
  private static PrivateRabbitMqNode node;

  @BeforeAll
  static void startNode() throws Exception {
    node = PrivateRabbitMqNode.start("bb-flow-it", 5692);
  }

  @AfterAll
  static void stopNode() throws Exception {
    if (node != null) {
      node.close();
    }
  }

  @Test
  void aMemoryAlarmIsReportedLiveCountedWithItsLengthAndNothingIsLost() throws Exception {
    MemoryAlarmRun.check(
        node, "amqp091", Map.of("uri", node.uri()), "bb-flow-it", "low on memory", Duration.ZERO);
  }
}
