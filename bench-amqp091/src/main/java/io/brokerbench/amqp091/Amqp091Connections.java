package io.brokerbench.amqp091;

import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.DefaultSaslConfig;
import com.rabbitmq.client.TrustEverythingTrustManager;
import io.brokerbench.amqp091.Amqp091Config.Placement;
import io.brokerbench.spi.CallingThreadExecutor;
import io.brokerbench.spi.ConnectTimeout;
import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.HttpPortProbe;
import io.brokerbench.spi.IdleConnection;
import java.io.IOException;
import java.net.URISyntaxException;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;

/**
 * A driver's connections to its brokers: one tuned {@link ConnectionFactory} per broker URI (TLS,
 * timeouts, heartbeats, no automatic recovery, daemon threads), the pools that hand producers and
 * consumers their channels, on the URIs in turn or on the node a {@link ClusterPlacement} chooses,
 * the administrative connection, and the idle connections of a many-connections run. Set-up and
 * tear-down only; thread-safe.
 *
 * <p>Connections never recover automatically: a lost connection ends the run with a failure rather
 * than silently skewing its figures. Client threads are daemons so that a forgotten driver cannot
 * keep the JVM alive.
 */
final class Amqp091Connections implements AutoCloseable {
  private static final int RPC_TIMEOUT_MILLIS = 30_000;

  private final Amqp091Config config;
  private final List<BrokerAddress> addresses;
  private final boolean embedded;
  private final List<ConnectionFactory> factories;
  private final AtomicInteger nextAddress = new AtomicInteger();
  private final ConnectionPool producerConnections;
  private final ConnectionPool consumerConnections;
  private final ExecutorService consumerDispatch;
  // With a placement by queue leader: a pool per node (index of its URI) and role.
  private final ClusterPlacement placement;
  private final Map<Integer, ConnectionPool> placedProducers = new HashMap<>();
  private final Map<Integer, ConnectionPool> placedConsumers = new HashMap<>();
  private final Map<String, String> clientNodes = new LinkedHashMap<>();
  private final IdleConnections.ChannelProducer idleProducers;
  private IdleConnections idle;
  private Connection admin;
  private boolean closed;

  /**
   * Opens the administrative connection at once, so that a wrong address or password fails before
   * the run.
   *
   * @param embedded whether {@code addresses} is the embedded broker the driver started
   * @param idleProducers sets up a producer on an idle connection's channel
   * @throws DriverException when a URI is unusable, or the broker cannot be reached or refuses the
   *     login
   */
  Amqp091Connections(
      Amqp091Config config,
      List<BrokerAddress> addresses,
      boolean embedded,
      IdleConnections.ChannelProducer idleProducers)
      throws DriverException {
    this.config = config;
    this.addresses = addresses;
    this.embedded = embedded;
    this.idleProducers = idleProducers;
    ThreadFactory threads = daemonThreads();
    SSLContext tls = addresses.stream().anyMatch(BrokerAddress::tls) ? tlsContext() : null;
    List<ConnectionFactory> list = new ArrayList<>();
    for (BrokerAddress address : addresses) {
      list.add(factory(address, threads, tls));
    }
    this.factories = List.copyOf(list);
    int perConnection = config.channelsPerConnection();
    this.producerConnections =
        new ConnectionPool(name -> connect(name, null), perConnection, "producer");
    // Our consumers record and acknowledge (asynchronous): safe on amqp-client's reader thread.
    this.consumerDispatch = new CallingThreadExecutor();
    this.consumerConnections =
        new ConnectionPool(name -> connect(name, consumerDispatch), perConnection, "consumer");
    this.placement =
        config.placement() == Placement.ROUND_ROBIN
            ? null
            : new ClusterPlacement(
                config.placement(), addresses, config.managementUrl(), config.connectTimeout());
    this.admin = connect(0, "brokerbench-admin", null);
  }

  private static ThreadFactory daemonThreads() {
    AtomicInteger count = new AtomicInteger();
    return task -> {
      Thread thread = new Thread(task, "brokerbench-amqp091-" + count.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    };
  }

  /**
   * The one TLS context of every amqps connection: it trusts the trust store (or the JVM's anchors,
   * or with {@code tls-trust-all} anything) and presents the key store's certificate.
   */
  private SSLContext tlsContext() throws DriverException {
    return config.tlsTrustAll()
        ? config.stores().sslContext(new TrustManager[] {new TrustEverythingTrustManager()})
        : config.stores().sslContext();
  }

  private ConnectionFactory factory(BrokerAddress address, ThreadFactory threads, SSLContext tls)
      throws DriverException {
    ConnectionFactory factory = new TunedConnectionFactory();
    try {
      factory.setUri(address.uri());
      if (address.tls()) {
        factory.useSslProtocol(tls);
        if (!config.tlsTrustAll()) {
          factory.enableHostnameVerification();
        }
      }
    } catch (URISyntaxException | GeneralSecurityException | IllegalArgumentException e) {
      throw new DriverException("cannot use uri '" + address.masked() + "': " + e.getMessage(), e);
    }
    int timeoutMillis = (int) connectTimeout().toMillis();
    factory.setConnectionTimeout(timeoutMillis);
    factory.setHandshakeTimeout(timeoutMillis);
    factory.setShutdownTimeout(timeoutMillis);
    factory.setChannelRpcTimeout(RPC_TIMEOUT_MILLIS);
    factory.setRequestedHeartbeat(config.heartbeatSeconds());
    factory.setAutomaticRecoveryEnabled(false);
    factory.setTopologyRecoveryEnabled(false);
    factory.setThreadFactory(threads);
    if (config.saslExternal()) {
      factory.setSaslConfig(DefaultSaslConfig.EXTERNAL);
    }
    if (config.nio()) {
      factory.useNio();
    }
    return factory;
  }

  /**
   * Opens a connection to the next broker in turn.
   *
   * @param dispatch runs the connection's consumer callbacks, or null for amqp-client's own pool
   */
  private ConnectionPool.Lease.Target connect(String name, ExecutorService dispatch)
      throws DriverException {
    int index = Math.floorMod(nextAddress.getAndIncrement(), addresses.size());
    return new ConnectionPool.Lease.Target(connect(index, name, dispatch), addresses.get(index));
  }

  private Connection connect(int index, String name, ExecutorService dispatch)
      throws DriverException {
    BrokerAddress address = addresses.get(index);
    try {
      return factories.get(index).newConnection(dispatch, name);
    } catch (IOException | TimeoutException | RuntimeException e) {
      throw connectFailed(address, e);
    }
  }

  /**
   * Why connecting to {@code address} failed: said from the client's exception, or, when the port
   * answers HTTP (asked only now, on the failure path), that it is not an AMQP port.
   */
  private DriverException connectFailed(BrokerAddress address, Throwable e) {
    if (!embedded && !address.tls() && HttpPortProbe.explains(e, address.host(), address.port())) {
      return new DriverException(
          HttpPortProbe.notThisProtocol(address.endpoint(), "AMQP 0.9.1"), e);
    }
    return Amqp091Errors.connectFailed(
        address, connectTimeout(), config.saslExternal(), embedded, e);
  }

  /** The configured timeout, or with the embedded broker the longer wait it may need. */
  private Duration connectTimeout() {
    return embedded
        ? ConnectTimeout.forEmbeddedBroker(config.connectTimeout())
        : config.connectTimeout();
  }

  /** A channel for a producer of {@code queue}, named {@code client} in {@link #clientNodes()}. */
  ConnectionPool.Lease producerLease(String client, String queue) throws DriverException {
    return lease(client, queue, placedProducers, null);
  }

  /** A channel for a consumer of {@code queue}, named {@code client} in {@link #clientNodes()}. */
  ConnectionPool.Lease consumerLease(String client, String queue) throws DriverException {
    return lease(client, queue, placedConsumers, consumerDispatch);
  }

  /**
   * A channel for a producer or consumer of {@code queue}: on the next connection in turn, or with
   * a placement, on a connection to the node it chooses; with several URIs, which node the client
   * uses is noted for the report.
   */
  private synchronized ConnectionPool.Lease lease(
      String client, String queue, Map<Integer, ConnectionPool> placed, ExecutorService dispatch)
      throws DriverException {
    if (placement == null) {
      ConnectionPool.Lease lease =
          dispatch == null ? producerConnections.lease() : consumerConnections.lease();
      if (addresses.size() > 1) {
        clientNodes.put(client, lease.address().endpoint());
      }
      return lease;
    }
    ClusterPlacement.Choice choice = placement.choose(queue);
    ConnectionPool pool =
        placed.computeIfAbsent(
            choice.index(),
            index ->
                new ConnectionPool(
                    connection ->
                        new ConnectionPool.Lease.Target(
                            connect(index, connection, dispatch), addresses.get(index)),
                    config.channelsPerConnection(),
                    dispatch == null ? "producer" : "consumer"));
    ConnectionPool.Lease lease = pool.lease();
    clientNodes.put(
        client,
        choice.node()
            + " at "
            + lease.address().endpoint()
            + (choice.leader() ? ", leader" : ", not the leader")
            + " of queue '"
            + queue
            + "'");
    return lease;
  }

  /**
   * The consumers' pool on the URIs in turn, whatever the placement: exclusive queues take their
   * channels from it.
   */
  ConnectionPool consumerPool() {
    return consumerConnections;
  }

  /** Where each producer and consumer connected, when the run spreads them over several URIs. */
  synchronized Map<String, String> clientNodes() {
    return Map.copyOf(clientNodes);
  }

  /** The administrative connection, opened again when it was lost. */
  synchronized Connection admin() throws DriverException {
    if (closed) {
      throw new DriverException("the amqp091 driver is closed");
    }
    if (!admin.isOpen()) {
      admin = connect(0, "brokerbench-admin", null);
    }
    return admin;
  }

  /**
   * A property the broker announced on the administrative connection, as text (amqp-client gives
   * long strings as {@code LongString}); null when it announced none.
   */
  synchronized String serverProperty(String name) {
    Object property = admin.getServerProperties().get(name);
    return property == null ? null : property.toString();
  }

  /**
   * The heartbeat interval in seconds the broker agreed to on the administrative connection (every
   * connection requests the same); 0 when heartbeats are off.
   */
  synchronized int negotiatedHeartbeatSeconds() {
    return admin.getHeartbeat();
  }

  /** Connections open for producers and consumers (not counting the administrative one). */
  int openConnections() {
    return producerConnections.openConnections() + consumerConnections.openConnections();
  }

  /**
   * An idle connection over NIO, to the broker URIs in turn ({@link IdleConnections}): no thread of
   * its own, small buffers.
   */
  IdleConnection openIdle(int index, int channels) throws DriverException {
    return idleConnections().open(index, channels);
  }

  private synchronized IdleConnections idleConnections() throws DriverException {
    if (closed) {
      throw new DriverException("the amqp091 driver is closed");
    }
    if (idle == null) {
      idle =
          new IdleConnections(
              factories,
              addresses,
              daemonThreads(),
              connectTimeout(),
              // Not probed for HTTP: thousands of them may fail at once under load.
              (address, e) ->
                  Amqp091Errors.connectFailed(
                      address, connectTimeout(), config.saslExternal(), embedded, e),
              idleProducers);
    }
    return idle;
  }

  /** Closes every connection, the administrative one last; once. */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    if (idle != null) {
      idle.close();
    }
    producerConnections.closeAll();
    consumerConnections.closeAll();
    placedProducers.values().forEach(ConnectionPool::closeAll);
    placedConsumers.values().forEach(ConnectionPool::closeAll);
    ConnectionPool.close(admin);
  }
}
