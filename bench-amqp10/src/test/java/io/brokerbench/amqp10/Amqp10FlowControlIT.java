package io.brokerbench.amqp10;

import io.brokerbench.rabbitmq.testing.MemoryAlarmRun;
import io.brokerbench.rabbitmq.testing.PrivateRabbitMqNode;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A memory alarm on a private RabbitMQ node (4.0.5 from {@code scripts/rabbitmq4.sh}, never the
 * machine's own): the broker stops granting the AMQP 1.0 sender link credit for a few seconds, and
 * the run says so as it happens, counts it with its length, and still sends every message.
 */
class Amqp10FlowControlIT {
  private static PrivateRabbitMqNode node;

  @BeforeAll
  static void startNode() throws Exception {
    node = PrivateRabbitMqNode.start("bb-flow-it-10", 5693);
  }

  @AfterAll
  static void stopNode() throws Exception {
    if (node != null) {
      node.close();
    }
  }

  @Test
  void creditWithheldInAMemoryAlarmIsReportedLiveCountedWithItsLengthAndNothingIsLost()
      throws Exception {
    MemoryAlarmRun.check(
        node,
        "amqp10",
        Map.of("url", node.uri(), "address", "/queues/%s", "delete-queues", "true"),
        "bb-flow-it-10",
        CreditStarvation.REASON,
        Duration.ofNanos(CreditStarvation.THRESHOLD_NANOS));
  }
}
