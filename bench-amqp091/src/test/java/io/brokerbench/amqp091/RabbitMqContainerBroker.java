package io.brokerbench.amqp091;

import io.brokerbench.contract.BrokerContainer;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.rabbitmq.RabbitMQContainer;

/**
 * RabbitMQ in a Testcontainers container, for machines with a Docker engine and no broker: the last
 * choice of {@link TestBroker}. The container is left to Testcontainers' reaper, which removes it
 * when the test JVM exits.
 */
final class RabbitMqContainerBroker implements BrokerContainer {
  /** The minor version of the RabbitMQ CI runs (3.10.8), so the tests meet the same broker. */
  private static final String IMAGE = "rabbitmq:3.10";

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
    RabbitMQContainer container = new RabbitMQContainer(IMAGE);
    container.start();
    return "amqp://"
        + container.getAdminUsername()
        + ":"
        + container.getAdminPassword()
        + "@"
        + container.getHost()
        + ":"
        + container.getAmqpPort();
  }
}
