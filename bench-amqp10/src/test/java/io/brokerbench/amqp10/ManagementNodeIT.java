package io.brokerbench.amqp10;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.rabbitmq.client.Channel;
import io.brokerbench.rabbitmq.QueueDeclaration;
import io.brokerbench.rabbitmq.QueueType;
import io.brokerbench.spi.DriverException;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.qpid.protonj2.client.Client;
import org.apache.qpid.protonj2.client.Connection;
import org.apache.qpid.protonj2.client.ConnectionOptions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * RabbitMQ 4's management over AMQP 1.0, which the driver uses there instead of AMQP 0.9.1. Runs
 * against a 4.x broker (CI runs the AMQP 1.0 tests a second time against RabbitMQ 4.0.5); skipped
 * on 3.x, which has no such node.
 */
class ManagementNodeIT {
  private Client client;
  private Connection connection;
  private Amqp10Config config;
  private String queue;
  private RabbitAdmin admin;

  @BeforeEach
  void requireRabbitMq4() throws Exception {
    TestBroker.require();
    config = Amqp10Config.parse(Map.of("url", TestBroker.url()));
    client = Client.create();
    connection =
        client.connect(
            config.host(),
            config.port(),
            new ConnectionOptions().user(config.user()).password(config.password()));
    Object version = connection.openFuture().get().properties().get("version");
    assumeTrue(
        Amqp10Driver.majorVersion(version) >= 4,
        "needs RabbitMQ 4.x (the broker is " + version + ")");
    queue =
        "bb mgmt/é-"
            + Long.toString(ThreadLocalRandom.current().nextLong(1L << 40), 36)
                .toLowerCase(Locale.ROOT);
    admin = new RabbitAdmin();
  }

  @AfterEach
  void close() throws Exception {
    if (admin != null) {
      try (Channel channel = admin.channel()) {
        channel.queueDelete(queue);
      }
      admin.close();
    }
    if (client != null) {
      client.close();
    }
  }

  @Test
  void aQuorumQueueIsDeclaredOnceCheckedByTypeAndDeleted() throws Exception {
    QueueDeclaration quorum = QueueDeclaration.of(queue, QueueType.QUORUM, true, false, Map.of());
    try (ManagementNode management = ManagementNode.open(config, connection)) {
      assertThat(management.declare(quorum)).as("created").isTrue();
      assertThat(management.declare(quorum)).as("created again").isFalse();
      // Seen over AMQP 0.9.1: the queue exists and is a quorum queue.
      quorum.checkTypeOfExisting(admin.connection());

      assertThatThrownBy(
              () ->
                  management.declare(
                      QueueDeclaration.of(queue, QueueType.CLASSIC, true, false, Map.of())))
          .isInstanceOf(DriverException.class)
          .hasMessage(
              "queue '"
                  + queue
                  + "' exists as a quorum queue but queue-type classic was asked: delete the"
                  + " queue or give queue-type quorum");

      management.delete(queue);
      assertThat(exists()).isFalse();
      // Deleting a missing queue is not an error.
      management.delete(queue);
    }
  }

  @Test
  void theDriverDeclaresAndDeletesNativelyOnRabbitMq4() throws Exception {
    try (var driver = new Amqp10DriverProvider().open(TestBroker.options("queue-type", "stream"))) {
      driver.declare(java.util.List.of(new io.brokerbench.spi.DestinationSpec(queue, true)));
      QueueDeclaration.of(queue, QueueType.STREAM, true, false, Map.of())
          .checkTypeOfExisting(admin.connection());
      driver.cleanup();
    }
    assertThat(exists()).isFalse();
  }

  private boolean exists() throws Exception {
    try (Channel channel = admin.channel()) {
      channel.queueDeclarePassive(queue);
      return true;
    } catch (java.io.IOException e) {
      return false;
    }
  }
}
