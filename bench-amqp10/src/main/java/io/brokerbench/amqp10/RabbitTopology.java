package io.brokerbench.amqp10;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import io.brokerbench.spi.DriverException;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLContext;

/**
 * Declares, checks and deletes RabbitMQ queues over AMQP 0.9.1 on the same port, for brokers whose
 * AMQP 1.0 side cannot (RabbitMQ 3.x has no AMQP 1.0 management).
 */
final class RabbitTopology implements AutoCloseable {
  private final Amqp10Config config;
  private final Connection connection;

  private RabbitTopology(Amqp10Config config, Connection connection) {
    this.config = config;
    this.connection = connection;
  }

  /**
   * Opens an AMQP 0.9.1 connection with the driver's host, port, credentials and vhost, over TLS
   * with {@code tls} unless it is null.
   */
  static RabbitTopology open(Amqp10Config config, SSLContext tls) throws DriverException {
    ConnectionFactory factory = new ConnectionFactory();
    factory.setHost(config.host());
    factory.setPort(config.port());
    if (config.user() != null) {
      factory.setUsername(config.user());
    }
    if (config.password() != null) {
      factory.setPassword(config.password());
    }
    String vhost = config.virtualHost();
    if (vhost != null) {
      factory.setVirtualHost(vhost.startsWith("vhost:") ? vhost.substring(6) : vhost);
    }
    factory.setConnectionTimeout((int) config.connectTimeout().toMillis());
    factory.setAutomaticRecoveryEnabled(false);
    try {
      if (tls != null) {
        factory.useSslProtocol(tls);
      }
      return new RabbitTopology(config, factory.newConnection("brokerbench-amqp10-topology"));
    } catch (IOException | TimeoutException | RuntimeException e) {
      throw new DriverException(
          "cannot declare queues over AMQP 0.9.1 at "
              + config.hostPort()
              + " ("
              + e
              + "): use declare=false with existing queues",
          e);
    }
  }

  /** True when the queue exists (a passive declare). */
  boolean exists(String queue) throws DriverException {
    try (Channel channel = connection.createChannel()) {
      channel.queueDeclarePassive(queue);
      return true;
    } catch (IOException e) {
      return false;
    } catch (TimeoutException | RuntimeException e) {
      throw new DriverException("cannot check queue '" + queue + "': " + e.getMessage(), e);
    }
  }

  /** Declares a queue of the given type ({@code classic}, {@code quorum}, {@code stream}). */
  void declare(String queue, boolean durable, String type) throws DriverException {
    boolean classic = type.equals("classic");
    Map<String, Object> arguments = classic ? Map.of() : Map.of("x-queue-type", type);
    try (Channel channel = connection.createChannel()) {
      channel.queueDeclare(queue, durable || !classic, false, false, arguments);
    } catch (IOException | TimeoutException | RuntimeException e) {
      throw new DriverException(
          "cannot declare "
              + type
              + " queue '"
              + queue
              + "' at "
              + config.hostPort()
              + ": "
              + reason(e),
          e);
    }
  }

  /** Deletes a queue; a missing queue is not an error. */
  void delete(String queue) throws DriverException {
    try (Channel channel = connection.createChannel()) {
      channel.queueDelete(queue);
    } catch (IOException | TimeoutException | RuntimeException e) {
      throw new DriverException("cannot delete queue '" + queue + "': " + reason(e), e);
    }
  }

  private static String reason(Exception e) {
    Throwable t = e.getCause() != null ? e.getCause() : e;
    return String.valueOf(t.getMessage()).replaceAll("\\s+", " ");
  }

  @Override
  public void close() {
    try {
      connection.close();
    } catch (IOException | RuntimeException e) {
      // already closed or broken: nothing left to release
    }
  }
}
