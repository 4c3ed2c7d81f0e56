package io.brokerbench.amqp091;

import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import io.brokerbench.contract.TestBrokerSelection;

/**
 * The RabbitMQ the integration tests use: {@value #ENV}, else 127.0.0.1:5672, else a RabbitMQ
 * container when a Docker engine answers; chosen once per test JVM (see {@link
 * TestBrokerSelection}).
 */
final class TestBroker {
  /** Environment variable naming another broker. */
  static final String ENV = "BROKERBENCH_AMQP_URI";

  private static final TestBrokerSelection BROKER =
      TestBrokerSelection.builder("RabbitMQ")
          .environment(ENV, System.getenv(ENV))
          .local(Amqp091Config.DEFAULT_URI)
          .answers(TestBroker::answers)
          .container(new RabbitMqContainerBroker())
          .masking(io.brokerbench.spi.UriPasswords::mask)
          .build();

  private TestBroker() {}

  /** The broker's URI; skips the test (fails it in CI) when no broker answers. */
  static String uri() {
    return BROKER.require();
  }

  /** Skips the test (fails it in CI) when no broker answers. */
  static void require() {
    BROKER.require();
  }

  /** A plain amqp-client connection to the broker, for test set-up the driver does not do. */
  static Connection connect() throws Exception {
    return connect(uri());
  }

  private static Connection connect(String uri) throws Exception {
    ConnectionFactory factory = new ConnectionFactory();
    factory.setUri(uri);
    factory.setConnectionTimeout(2_000);
    factory.setAutomaticRecoveryEnabled(false);
    return factory.newConnection("brokerbench-test");
  }

  private static boolean answers(String uri) {
    try (Connection connection = connect(uri)) {
      return connection.isOpen();
    } catch (Exception e) {
      return false;
    }
  }
}
