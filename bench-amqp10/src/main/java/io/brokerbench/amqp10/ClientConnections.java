package io.brokerbench.amqp10;

import io.brokerbench.spi.DriverException;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import org.apache.qpid.protonj2.client.Client;
import org.apache.qpid.protonj2.client.ClientOptions;
import org.apache.qpid.protonj2.client.Connection;
import org.apache.qpid.protonj2.client.ConnectionOptions;

/**
 * The driver's protonj2-client connections (the control connection, and the links that use the
 * client API), opened with the config's timeouts, credentials, SASL mechanisms and TLS.
 */
final class ClientConnections {
  private static final long CLOSE_TIMEOUT_MILLIS = 2_000;

  private final Amqp10Config config;
  private final SSLContext tls;
  private final Client client = Client.create(new ClientOptions().id("brokerbench-amqp10"));

  /**
   * @param tls the TLS context to connect with, or null for plain AMQP
   */
  ClientConnections(Amqp10Config config, SSLContext tls) {
    this.config = config;
    this.tls = tls;
  }

  /**
   * Opens a connection and waits until the broker answered its open frame.
   *
   * @param what what the connection is for, as a failure names it
   */
  Connection open(String what) throws DriverException {
    Connection connection = null;
    try {
      connection = client.connect(config.host(), config.port(), options());
      connection.openFuture().get(config.connectTimeout().toMillis(), TimeUnit.MILLISECONDS);
      return connection;
    } catch (Exception e) {
      if (connection != null) {
        connection.closeAsync();
      }
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      throw Errors.whileDoing(config, what, e);
    }
  }

  private ConnectionOptions options() {
    ConnectionOptions options = new ConnectionOptions();
    long timeoutMillis = config.connectTimeout().toMillis();
    // Closing waits for nothing the run needs: a broker that froze must not hold the end of the
    // run.
    options
        .openTimeout(timeoutMillis)
        .closeTimeout(Math.min(timeoutMillis, CLOSE_TIMEOUT_MILLIS))
        .requestTimeout(timeoutMillis)
        .idleTimeout(TimeUnit.SECONDS.toMillis(config.idleTimeoutSeconds()));
    options.user(config.user()).password(config.password());
    if (config.virtualHost() != null) {
      options.virtualHost(config.virtualHost());
    }
    for (String mechanism : config.allowedSaslMechanisms()) {
      options.saslOptions().addAllowedMechanism(mechanism);
    }
    if (tls != null) {
      options.sslEnabled(true);
      options.sslOptions().sslContextOverride(tls).verifyHost(config.verifyHost());
    }
    return options;
  }

  /** Closes the client and its connections, waiting for each at most the close timeout. */
  void close() {
    client.close();
  }

  /**
   * Closes the client without waiting: after a failed connect, whose error says how long connecting
   * took, and a silent broker would add the close timeout to it.
   */
  void closeAsync() {
    client.closeAsync();
  }
}
