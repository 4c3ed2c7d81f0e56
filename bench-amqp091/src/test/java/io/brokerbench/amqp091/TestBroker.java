package io.brokerbench.amqp091;

import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import io.brokerbench.contract.RequiredBroker;

/** The RabbitMQ the integration tests use: {@code BROKERBENCH_AMQP_URI}, else 127.0.0.1:5672. */
final class TestBroker {
  private static Boolean reachable;

  private TestBroker() {}

  /** The broker's URI. */
  static String uri() {
    String uri = System.getenv("BROKERBENCH_AMQP_URI");
    return uri == null || uri.isBlank() ? Amqp091Config.DEFAULT_URI : uri;
  }

  /** Skips the test (fails it in CI) when the broker does not answer. */
  static synchronized void require() {
    if (reachable == null) {
      reachable = answers();
    }
    RequiredBroker.require(
        reachable,
        "RabbitMQ at " + BrokerAddress.mask(uri()) + " (set BROKERBENCH_AMQP_URI to use another)");
  }

  /** A plain amqp-client connection to the broker, for test set-up the driver does not do. */
  static Connection connect() throws Exception {
    ConnectionFactory factory = new ConnectionFactory();
    factory.setUri(uri());
    factory.setConnectionTimeout(2_000);
    factory.setAutomaticRecoveryEnabled(false);
    return factory.newConnection("brokerbench-test");
  }

  private static boolean answers() {
    try (Connection connection = connect()) {
      return connection.isOpen();
    } catch (Exception e) {
      return false;
    }
  }
}
