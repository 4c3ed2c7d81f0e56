package io.brokerbench.amqp10;

import io.brokerbench.contract.BrokerContainer;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.images.builder.Transferable;
import org.testcontainers.rabbitmq.RabbitMQContainer;

/**
 * RabbitMQ with its AMQP 1.0 plugin in a Testcontainers container, for machines with a Docker
 * engine and no broker: the last choice of {@link TestBroker}. The container is left to
 * Testcontainers' reaper, which removes it when the test JVM exits.
 */
final class RabbitMqContainerBroker implements BrokerContainer {
  /**
   * The minor version of the RabbitMQ CI runs (3.10.8), so the tests meet the same broker. 3.x
   * speaks AMQP 1.0 through the {@code rabbitmq_amqp1_0} plugin; 4.x would need {@code /queues/%s}
   * addresses.
   */
  private static final String IMAGE = "rabbitmq:3.10";

  /** RabbitMQ 3.x's address of a queue, carried in the URI as the environment's can carry one. */
  private static final String ADDRESS = Amqp10Config.RABBITMQ3_QUEUE;

  @Override
  public String image() {
    return IMAGE;
  }

  @Override
  public boolean engineAvailable() {
    return DockerClientFactory.instance().isDockerAvailable();
  }

  @Override
  public String start() {
    RabbitMQContainer container =
        new RabbitMQContainer(IMAGE)
            // Replaces the image's plugin list, so the plugin is running when startup completes.
            .withCopyToContainer(
                Transferable.of("[rabbitmq_amqp1_0]."), "/etc/rabbitmq/enabled_plugins");
    container.start();
    return "amqp://"
        + container.getAdminUsername()
        + ":"
        + container.getAdminPassword()
        + "@"
        + container.getHost()
        + ":"
        + container.getAmqpPort()
        + "/"
        + ADDRESS;
  }
}
