package io.brokerbench.amqp10;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import io.brokerbench.rabbitmq.BrokerReplies;
import io.brokerbench.rabbitmq.QueueDeclaration;
import io.brokerbench.spi.ConnectFailure;
import io.brokerbench.spi.DriverException;
import java.io.IOException;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLContext;

/**
 * Declares, checks and deletes RabbitMQ queues over AMQP 0.9.1 on the same port, for brokers whose
 * AMQP 1.0 side cannot (RabbitMQ 3.x has no AMQP 1.0 management).
 */
final class RabbitTopology implements QueueTopology {
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
    String vhost = virtualHost(config);
    factory.setVirtualHost(vhost);
    factory.setConnectionTimeout((int) config.connectTimeout().toMillis());
    factory.setAutomaticRecoveryEnabled(false);
    try {
      if (tls != null) {
        factory.useSslProtocol(tls);
      }
      return new RabbitTopology(config, factory.newConnection("brokerbench-amqp10-topology"));
    } catch (IOException | TimeoutException | RuntimeException e) {
      String user = config.user() != null ? config.user() : "guest";
      String refused = BrokerReplies.refusedLogin(e, config.hostPort(), vhost, user);
      throw new DriverException(
          refused != null
              ? refused
              : "cannot declare queues over AMQP 0.9.1 at "
                  + config.hostPort()
                  + " ("
                  + ConnectFailure.oneLine(ConnectFailure.rootCause(e))
                  + "): give existing queues with declare=false",
          e);
    }
  }

  /** The AMQP 0.9.1 name of the virtual host: RabbitMQ's AMQP 1.0 side prefixes it with vhost:. */
  private static String virtualHost(Amqp10Config config) {
    String vhost = config.virtualHost();
    if (vhost == null) {
      return "/";
    }
    return vhost.startsWith("vhost:") ? vhost.substring("vhost:".length()) : vhost;
  }

  /** True when the queue exists (a passive declare). */
  private boolean exists(String queue) throws DriverException {
    try (Channel channel = connection.createChannel()) {
      channel.queueDeclarePassive(queue);
      return true;
    } catch (IOException e) {
      return false;
    } catch (TimeoutException | RuntimeException e) {
      throw new DriverException("cannot check queue '" + queue + "': " + e.getMessage(), e);
    }
  }

  /**
   * Declares a missing queue as the amqp091 driver declares it for the same workload, or checks
   * that an existing one has the type asked for.
   */
  @Override
  public boolean declare(QueueDeclaration queue) throws DriverException {
    boolean existed = exists(queue.name());
    try {
      if (existed) {
        queue.checkTypeOfExisting(connection);
      } else {
        try (Channel channel = connection.createChannel()) {
          queue.declareOn(channel);
        }
      }
      return !existed;
    } catch (IOException | TimeoutException | RuntimeException e) {
      throw new DriverException(
          "cannot declare "
              + queue.type().argument()
              + " queue '"
              + queue.name()
              + "' at "
              + config.hostPort()
              + ": "
              + reason(e),
          e);
    }
  }

  @Override
  public long messagesWaiting(String queue) throws DriverException {
    try (Channel channel = connection.createChannel()) {
      return channel.queueDeclarePassive(queue).getMessageCount();
    } catch (IOException | TimeoutException | RuntimeException e) {
      throw new DriverException(
          "cannot count the messages in queue '" + queue + "': " + reason(e), e);
    }
  }

  @Override
  public void delete(String queue) throws DriverException {
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
