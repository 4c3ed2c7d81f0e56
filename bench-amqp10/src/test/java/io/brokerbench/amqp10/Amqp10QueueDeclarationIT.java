package io.brokerbench.amqp10;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.rabbitmq.client.Channel;
import io.brokerbench.rabbitmq.QueueDeclaration;
import io.brokerbench.rabbitmq.QueueType;
import io.brokerbench.spi.DestinationSpec;
import io.brokerbench.spi.Driver;
import io.brokerbench.spi.DriverException;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The queues the AMQP 1.0 driver declares on RabbitMQ are the ones the AMQP 0.9.1 driver would
 * declare, so runs of both on one queue name follow each other.
 */
class Amqp10QueueDeclarationIT {
  private String queue;
  private RabbitAdmin admin;

  @BeforeEach
  void requireBroker() throws Exception {
    TestBroker.require();
    queue =
        "bb-amqp10-decl-"
            + Long.toString(ThreadLocalRandom.current().nextLong(1L << 40), 36)
                .toLowerCase(Locale.ROOT);
    admin = new RabbitAdmin();
  }

  @AfterEach
  void deleteQueue() throws Exception {
    if (admin == null) {
      return;
    }
    try (Channel channel = admin.channel()) {
      channel.queueDelete(queue);
    }
    admin.close();
  }

  @Test
  void aPersistentRunDeclaresADurableQueueAndDeletesItAtCleanup() throws Exception {
    try (Driver driver = new Amqp10DriverProvider().open(TestBroker.options())) {
      driver.declare(List.of(new DestinationSpec(queue, true)));

      // Durable: the same declaration, durable, is accepted as equivalent.
      try (Channel channel = admin.channel()) {
        QueueDeclaration.of(queue, QueueType.CLASSIC, true, false, Map.of()).declareOn(channel);
      }
      driver.cleanup();
    }

    assertThat(exists(queue)).isFalse();
    // What the amqp091 driver then declares for "-f persistent" (auto-delete, its default) works.
    try (Channel channel = admin.channel()) {
      QueueDeclaration.of(queue, QueueType.CLASSIC, true, true, Map.of()).declareOn(channel);
    }
  }

  @Test
  void anExistingQueueOfAnotherTypeIsRefusedNamingBothTypes() throws Exception {
    try (Channel channel = admin.channel()) {
      QueueDeclaration.of(queue, QueueType.QUORUM, true, false, Map.of()).declareOn(channel);
    }
    try (Driver driver = new Amqp10DriverProvider().open(TestBroker.options())) {
      assertThatThrownBy(() -> driver.declare(List.of(new DestinationSpec(queue, false))))
          .isInstanceOf(DriverException.class)
          .hasMessageContaining(
              "queue '"
                  + queue
                  + "' exists as a quorum queue but queue-type classic was asked: delete the"
                  + " queue or give queue-type quorum")
          .hasMessageNotContaining("\n");
    }
    assertThat(exists(queue)).as("an existing queue is left alone").isTrue();
  }

  @Test
  void anExistingQueueOfTheTypeAskedIsUsedAndLeftInPlace() throws Exception {
    try (Channel channel = admin.channel()) {
      // Not durable while the run is persistent: still a classic queue, so it is used.
      channel.queueDeclare(queue, false, false, false, Map.of());
    }
    try (Driver driver = new Amqp10DriverProvider().open(TestBroker.options())) {
      driver.declare(List.of(new DestinationSpec(queue, true)));
      driver.cleanup();
    }

    assertThat(exists(queue)).as("the driver did not create it, so it does not delete it").isTrue();
  }

  @Test
  void aMissingVirtualHostIsNamedWithWhatToDo() {
    assertThatThrownBy(
            () -> {
              try (Driver driver =
                  new Amqp10DriverProvider()
                      .open(TestBroker.options("virtual-host", "vhost:bb-no-such-vhost"))) {
                driver.declare(List.of(new DestinationSpec(queue, false)));
              }
            })
        .isInstanceOf(DriverException.class)
        .hasMessageContaining("virtual host 'bb-no-such-vhost' does not exist")
        .hasMessageContaining("rabbitmqctl add_vhost bb-no-such-vhost")
        .hasMessageNotContaining("IOException")
        .hasMessageNotContaining("declare=false");
  }

  private boolean exists(String name) throws IOException {
    try (Channel channel = admin.channel()) {
      channel.queueDeclarePassive(name);
      return true;
    } catch (IOException e) {
      return false;
    } catch (java.util.concurrent.TimeoutException e) {
      throw new IOException(e);
    }
  }
}
