package io.brokerbench.amqp091;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.DefaultSaslConfig;
import com.rabbitmq.client.ShutdownSignalException;
import com.rabbitmq.client.TrustEverythingTrustManager;
import com.rabbitmq.client.impl.ClientVersion;
import io.brokerbench.amqp091.Amqp091Config.Placement;
import io.brokerbench.amqp091.Amqp091Config.ReplyTo;
import io.brokerbench.embedded.qpid.EmbeddedQpidBroker;
import io.brokerbench.rabbitmq.BrokerMemoryReader;
import io.brokerbench.rabbitmq.BrokerReplies;
import io.brokerbench.rabbitmq.QueueDeclaration;
import io.brokerbench.rabbitmq.QueueType;
import io.brokerbench.rabbitmq.RabbitMqLoadReader;
import io.brokerbench.rabbitmq.StreamOffset;
import io.brokerbench.spi.AckMode;
import io.brokerbench.spi.BrokerIdentity;
import io.brokerbench.spi.BrokerLoadReader;
import io.brokerbench.spi.BrokerMemory;
import io.brokerbench.spi.CallingThreadExecutor;
import io.brokerbench.spi.ConnectTimeout;
import io.brokerbench.spi.Consumer;
import io.brokerbench.spi.ConsumerSpec;
import io.brokerbench.spi.DeliveryListener;
import io.brokerbench.spi.DestinationSpec;
import io.brokerbench.spi.Driver;
import io.brokerbench.spi.DriverDescription;
import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.HttpPortProbe;
import io.brokerbench.spi.IdleConnection;
import io.brokerbench.spi.Producer;
import io.brokerbench.spi.ProducerSpec;
import io.brokerbench.spi.ReplyListener;
import io.brokerbench.spi.SendListener;
import io.brokerbench.workload.WorkloadException;
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
import java.util.stream.Collectors;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;

/**
 * A run's connections to one AMQP 0.9.1 broker (or several, used round-robin), or to an embedded
 * Qpid broker it started. Open it through {@link Amqp091DriverProvider} or directly:
 *
 * <pre>{@code
 * try (Amqp091Driver driver = Amqp091Driver.open(Amqp091Config.parse(Map.of("uri", ""))) {
 *   RunResult result = BenchmarkRun.builder(workload).driver(driver).build().run();
 * }
 * }</pre>
 *
 * <p>An administrative connection, opened at once so that a wrong address or password fails before
 * the run, declares and deletes queues. Each producer and consumer gets its own channel, and by
 * default its own connection. Exclusive queues are the exception: each belongs to the connection of
 * its first consumer, which declares and binds it there; later consumers of the queue get channels
 * on that connection, as PerfTest's do, and the queue goes when the connection closes. Connections
 * never recover automatically: a lost connection ends the run with a failure rather than silently
 * skewing its figures. Client threads are daemons so that a forgotten driver cannot keep the JVM
 * alive.
 */
public final class Amqp091Driver implements Driver {
  private static final int RPC_TIMEOUT_MILLIS = 30_000;

  private final Amqp091Config config;
  private final List<BrokerAddress> addresses;
  private final List<ConnectionFactory> factories;
  private final EmbeddedQpidBroker embedded;
  private final QueueType queueType;
  private final AtomicInteger nextAddress = new AtomicInteger();
  private final ConnectionPool producerConnections;
  private final ConnectionPool consumerConnections;
  private final ExecutorService consumerDispatch;
  // With a placement by queue leader: a pool per node (index of its URI) and role.
  private final ClusterPlacement placement;
  private final Map<Integer, ConnectionPool> placedProducers = new HashMap<>();
  private final Map<Integer, ConnectionPool> placedConsumers = new HashMap<>();
  private final Map<String, String> clientNodes = new LinkedHashMap<>();
  private final List<String> declaredQueues = new ArrayList<>();
  private final Map<String, DestinationSpec> exclusiveDestinations = new HashMap<>();
  private final Map<String, ConnectionPool.Lease> exclusiveOwners = new HashMap<>();
  private String declaredExchange;
  private IdleConnections idle;
  private BrokerMemoryReader brokerMemory;
  private RabbitMqLoadReader brokerLoad;
  private Connection admin;
  private Channel adminChannel;
  private boolean closed;

  private Amqp091Driver(
      Amqp091Config config, List<BrokerAddress> addresses, EmbeddedQpidBroker embedded)
      throws DriverException {
    this.config = config;
    this.addresses = addresses;
    this.embedded = embedded;
    this.queueType = config.queueType();
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

  /**
   * Starts the embedded broker when no URI was given, and opens the administrative connection.
   *
   * @throws DriverException when the broker cannot be reached or refuses the login
   */
  public static Amqp091Driver open(Amqp091Config config) throws DriverException {
    EmbeddedQpidBroker broker = null;
    List<BrokerAddress> addresses;
    if (config.embedded()) {
      try {
        broker = EmbeddedQpidBroker.start();
      } catch (IllegalStateException e) {
        throw new DriverException(
            "cannot start the embedded broker (" + e.getMessage() + "): give a uri instead", e);
      }
      addresses =
          List.of(
              BrokerAddress.parse(
                  "amqp://"
                      + broker.username()
                      + ":"
                      + broker.password()
                      + "@"
                      + broker.host()
                      + ":"
                      + broker.port()));
    } else {
      addresses = config.uris().stream().map(BrokerAddress::parse).toList();
    }
    try {
      return new Amqp091Driver(config, addresses, broker);
    } catch (DriverException | RuntimeException e) {
      if (broker != null) {
        broker.close();
      }
      throw e;
    }
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
    if (embedded == null
        && !address.tls()
        && HttpPortProbe.explains(e, address.host(), address.port())) {
      return new DriverException(
          HttpPortProbe.notThisProtocol(address.endpoint(), "AMQP 0.9.1"), e);
    }
    return Amqp091Errors.connectFailed(
        address, connectTimeout(), config.saslExternal(), embedded != null, e);
  }

  /** The configured timeout, or with the embedded broker the longer wait it may need. */
  private Duration connectTimeout() {
    return embedded != null
        ? ConnectTimeout.forEmbeddedBroker(config.connectTimeout())
        : config.connectTimeout();
  }

  @Override
  public DriverDescription description() {
    String target =
        embedded != null
            ? "embedded Qpid Broker-J at " + addresses.get(0).masked()
            : addresses.stream().map(BrokerAddress::masked).collect(Collectors.joining(","));
    Map<String, Object> server = admin.getServerProperties();
    return new DriverDescription(
        "amqp091",
        target,
        embedded != null,
        true,
        "amqp-client " + ClientVersion.VERSION,
        new BrokerIdentity(text(server.get("product")), text(server.get("version"))));
  }

  /** A connection property as text (amqp-client gives long strings as {@code LongString}). */
  private static String text(Object property) {
    return property == null ? null : property.toString();
  }

  @Override
  public synchronized void declare(List<DestinationSpec> destinations) throws DriverException {
    String exchange = config.exchange();
    boolean anyDurable = queueType != QueueType.CLASSIC;
    for (DestinationSpec destination : destinations) {
      if (config.exclusive()) {
        // Declared by its first consumer's connection, which alone may use it.
        exclusiveDestinations.put(destination.name(), destination);
      } else {
        declareQueue(destination);
      }
      anyDurable |= destination.durable();
    }
    if (exchange.isEmpty()) {
      return;
    }
    declareExchange(exchange, anyDurable);
    if (config.predeclared() || config.exclusive()) {
      return;
    }
    for (DestinationSpec destination : destinations) {
      bind(adminChannel(), destination.name());
    }
  }

  private void declareQueue(DestinationSpec destination) throws DriverException {
    String name = destination.name();
    Channel channel = adminChannel();
    if (config.predeclared()) {
      try {
        channel.queueDeclarePassive(name);
      } catch (IOException | RuntimeException e) {
        throw Amqp091Errors.operationFailed(
            "find predeclared queue '"
                + name
                + "' (declare it first, or run without predeclared so that the run declares it)",
            e);
      }
      return;
    }
    declareQueue(channel, name, destination.durable(), false);
    if (!declaredQueues.contains(name)) {
      declaredQueues.add(name);
    }
  }

  /** Declares a queue of the configured type and arguments on {@code channel}'s connection. */
  private void declareQueue(Channel channel, String name, boolean durable, boolean exclusive)
      throws DriverException {
    QueueDeclaration queue =
        QueueDeclaration.of(name, queueType, durable, config.autoDelete(), config.queueArguments());
    try {
      (exclusive ? queue.asExclusive() : queue).declareOn(channel);
    } catch (IOException | RuntimeException e) {
      throw Amqp091Errors.operationFailed(
          (exclusive ? "declare exclusive queue '" : "declare queue '") + name + "'", e);
    }
  }

  /** Binds a queue to the configured exchange with its routing key. */
  private void bind(Channel channel, String queue) throws DriverException {
    String key = routingKey(queue);
    try {
      channel.queueBind(queue, config.exchange(), key);
    } catch (IOException | RuntimeException e) {
      throw Amqp091Errors.operationFailed(
          "bind queue '"
              + queue
              + "' to exchange '"
              + config.exchange()
              + "' with key '"
              + key
              + "'",
          e);
    }
  }

  private void declareExchange(String exchange, boolean durable) throws DriverException {
    Channel channel = adminChannel();
    boolean passive = config.predeclared() || exchange.startsWith("amq.");
    try {
      if (passive) {
        channel.exchangeDeclarePassive(exchange);
      } else {
        channel.exchangeDeclare(exchange, config.exchangeType(), durable);
        declaredExchange = exchange;
      }
    } catch (IOException | RuntimeException e) {
      throw Amqp091Errors.operationFailed(
          (passive ? "find exchange '" : "declare exchange '") + exchange + "'", e);
    }
  }

  private String routingKey(String queue) {
    return config.routingKey() != null ? config.routingKey() : queue;
  }

  /** The administrative channel, reopened after a channel error closed it. */
  private Channel adminChannel() throws DriverException {
    if (adminChannel != null && adminChannel.isOpen()) {
      return adminChannel;
    }
    if (closed) {
      throw new DriverException("the amqp091 driver is closed");
    }
    if (!admin.isOpen()) {
      admin = connect(0, "brokerbench-admin", null);
    }
    try {
      adminChannel = admin.createChannel();
    } catch (IOException | RuntimeException e) {
      throw Amqp091Errors.operationFailed("open a channel to " + addresses.get(0).endpoint(), e);
    }
    return adminChannel;
  }

  @Override
  public Producer createProducer(ProducerSpec spec, SendListener listener) throws DriverException {
    return producer(spec, listener, null);
  }

  /** A producer whose requests carry the {@code reply-to} option's reply address. */
  @Override
  public Producer createRequester(ProducerSpec spec, SendListener listener, ReplyListener replies)
      throws DriverException {
    if (config.replyTo() == ReplyTo.DIRECT && config.embedded()) {
      throw new DriverException(
          "direct reply-to is RabbitMQ's: the embedded broker has none (use --reply-to queue, or"
              + " give a RabbitMQ uri)");
    }
    return producer(spec, listener, new Amqp091Producer.Replies(config.replyTo(), replies));
  }

  private Producer producer(
      ProducerSpec spec, SendListener listener, Amqp091Producer.Replies replies)
      throws DriverException {
    if (config.exclusive()) {
      checkExclusiveQueueConsumed(spec);
    }
    return producerOn(
        lease("producer " + spec.producerIndex(), spec.destination(), placedProducers, null),
        spec,
        listener,
        replies);
  }

  /** A producer on a leased channel, to the run's exchange with the destination's routing key. */
  private Producer producerOn(
      ConnectionPool.Lease lease,
      ProducerSpec spec,
      SendListener listener,
      Amqp091Producer.Replies replies)
      throws DriverException {
    return Amqp091Producer.create(
        lease,
        spec,
        listener,
        config.exchange(),
        routingKey(spec.destination()),
        config.mandatory(),
        replies);
  }

  @Override
  public Consumer createReplier(ConsumerSpec spec, DeliveryListener listener)
      throws DriverException {
    return consumer(spec, listener, true);
  }

  @Override
  public Consumer createConsumer(ConsumerSpec spec, DeliveryListener listener)
      throws DriverException {
    return consumer(spec, listener, false);
  }

  private Consumer consumer(ConsumerSpec spec, DeliveryListener listener, boolean replier)
      throws DriverException {
    boolean stream = queueType == QueueType.STREAM;
    if (stream && spec.ackMode() == AckMode.AUTO) {
      throw new WorkloadException(
          "stream queues need acknowledgements: use ack mode each or multiple, not auto");
    }
    Map<String, Object> arguments = new HashMap<>();
    Object offset = config.streamOffsetArgument();
    if (stream && offset != null) {
      arguments.put(StreamOffset.CONSUMER_ARGUMENT, offset);
    }
    // RabbitMQ requires a prefetch on stream consumers.
    int prefetch = spec.prefetch() > 0 ? spec.prefetch() : stream ? config.streamPrefetch() : 0;
    ConnectionPool.Lease lease =
        config.exclusive()
            ? exclusiveQueueLease(spec.destination())
            : lease(
                "consumer " + spec.consumerIndex(),
                spec.destination(),
                placedConsumers,
                consumerDispatch);
    return Amqp091Consumer.create(
        lease, spec, listener, new Prefetch(prefetch, config.globalPrefetch()), arguments, replier);
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

  /** Where each producer and consumer connected, when the run spreads them over several URIs. */
  @Override
  public synchronized Map<String, String> clientNodes() {
    return Map.copyOf(clientNodes);
  }

  /**
   * A channel on the connection that owns the exclusive queue, after declaring (and binding) the
   * queue on it: the first consumer's connection, shared by the queue's later consumers as in
   * PerfTest, or a new one when that connection closed meanwhile. Declaring again is harmless on
   * the owning connection and brings back a queue that auto-delete removed.
   */
  private synchronized ConnectionPool.Lease exclusiveQueueLease(String queue)
      throws DriverException {
    ConnectionPool.Lease owner = exclusiveOwners.get(queue);
    ConnectionPool.Lease lease = owner == null ? null : consumerConnections.leaseBeside(owner);
    boolean newOwner = lease == null;
    if (newOwner) {
      lease = consumerConnections.lease();
    }
    try {
      DestinationSpec destination = exclusiveDestinations.get(queue);
      declareQueue(lease.channel(), queue, destination != null && destination.durable(), true);
      if (!config.exchange().isEmpty()) {
        bind(lease.channel(), queue);
      }
    } catch (DriverException | RuntimeException e) {
      lease.release();
      throw e;
    }
    if (newOwner) {
      exclusiveOwners.put(queue, lease);
    }
    return lease;
  }

  /**
   * Refuses a producer whose exclusive queue no consumer declared: it would exist nowhere, and the
   * messages would be dropped unrouted.
   */
  private synchronized void checkExclusiveQueueConsumed(ProducerSpec spec) {
    if (!exclusiveOwners.containsKey(spec.destination())) {
      throw new WorkloadException(
          "producer "
              + spec.producerIndex()
              + " sends to queue '"
              + spec.destination()
              + "', which no consumer reads: an exclusive queue exists only on its consumer's"
              + " connection, so the messages would be dropped (give every queue a consumer, or"
              + " drop exclusive, -E)");
    }
  }

  /** Connections open for producers and consumers (not counting the administrative one). */
  int openConnections() {
    return producerConnections.openConnections() + consumerConnections.openConnections();
  }

  /**
   * The heartbeat interval in seconds the broker agreed to on the administrative connection (every
   * connection requests the same); 0 when heartbeats are off.
   */
  int negotiatedHeartbeatSeconds() {
    return admin.getHeartbeat();
  }

  /**
   * The queue's consumers, from a passive declare's answer; 0 for a queue that does not exist yet,
   * -1 for exclusive queues, which no other connection can see or use, and on brokers other than
   * RabbitMQ.
   */
  @Override
  public synchronized int consumersOf(String destination) throws DriverException {
    // Only RabbitMQ is asked: Qpid Broker-J (the embedded broker among others) creates the queue
    // a passive declare names (its node auto-creation policy), which the run's own declare would
    // then find with other arguments.
    if (config.exclusive()
        || !"RabbitMQ".equals(text(admin.getServerProperties().get("product")))) {
      return -1;
    }
    try {
      return adminChannel().queueDeclarePassive(destination).getConsumerCount();
    } catch (IOException | RuntimeException e) {
      ShutdownSignalException shutdown = BrokerReplies.shutdownCause(e);
      if (shutdown != null
          && !shutdown.isHardError()
          && BrokerReplies.replyCode(shutdown) == AMQP.NOT_FOUND) {
        // The broker closed the channel with its answer; adminChannel() opens another.
        return 0;
      }
      throw Amqp091Errors.operationFailed("count the consumers of queue '" + destination + "'", e);
    }
  }

  /**
   * The queue's ready messages (a passive declare); -1 for a stream, which keeps what was read, and
   * for exclusive queues, which belong to their consumers' connections.
   */
  @Override
  public synchronized long messagesWaiting(String destination) throws DriverException {
    if (queueType == QueueType.STREAM || config.exclusive()) {
      return -1;
    }
    try {
      return adminChannel().queueDeclarePassive(destination).getMessageCount();
    } catch (IOException | RuntimeException e) {
      throw Amqp091Errors.operationFailed("count the messages in queue '" + destination + "'", e);
    }
  }

  @Override
  public synchronized void cleanup() throws DriverException {
    DriverException first = null;
    for (String queue : declaredQueues) {
      try {
        adminChannel().queueDelete(queue);
      } catch (IOException | RuntimeException e) {
        first =
            first != null
                ? first
                : Amqp091Errors.operationFailed("delete queue '" + queue + "'", e);
      } catch (DriverException e) {
        first = first != null ? first : e;
      }
    }
    declaredQueues.clear();
    // Exclusive queues are not deleted here: they go with their consumers' connections.
    exclusiveDestinations.clear();
    exclusiveOwners.clear();
    if (declaredExchange != null) {
      try {
        adminChannel().exchangeDelete(declaredExchange);
      } catch (IOException | RuntimeException e) {
        first =
            first != null
                ? first
                : Amqp091Errors.operationFailed("delete exchange '" + declaredExchange + "'", e);
      } catch (DriverException e) {
        first = first != null ? first : e;
      }
      declaredExchange = null;
    }
    if (first != null) {
      throw first;
    }
  }

  /**
   * An idle connection over NIO, to the broker URIs in turn ({@link IdleConnections}): no thread of
   * its own, small buffers.
   */
  @Override
  public IdleConnection openIdleConnection(int index, int channels) throws DriverException {
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
                      address, connectTimeout(), config.saslExternal(), embedded != null, e),
              (lease, spec, listener) -> producerOn(lease, spec, listener, null));
    }
    return idle;
  }

  /**
   * RabbitMQ's memory from its management API (every node), or else the first node's Prometheus
   * endpoint ({@code --prometheus-url}, else port 15692); null for the embedded broker, which has
   * neither.
   */
  @Override
  public synchronized BrokerMemory brokerMemory() throws DriverException {
    if (embedded != null) {
      return null;
    }
    if (brokerMemory == null) {
      BrokerAddress first = addresses.get(0);
      brokerMemory =
          new BrokerMemoryReader(
              ClusterPlacement.api(first, config.managementUrl(), BrokerMemoryReader.TIMEOUT),
              RabbitMqLoadReader.endpoints(
                      config.prometheusUrl(), addresses.stream().map(BrokerAddress::host).toList())
                  .get(0),
              text(admin.getServerProperties().get("version")));
    }
    return brokerMemory.read();
  }

  /**
   * RabbitMQ's own load from each node's Prometheus endpoint (one per URI), or from the node's
   * process when it runs here; null for the embedded broker.
   */
  @Override
  public synchronized BrokerLoadReader brokerLoad() {
    if (embedded != null) {
      return null;
    }
    if (brokerLoad == null) {
      brokerLoad =
          RabbitMqLoadReader.of(
              ClusterPlacement.api(
                  addresses.get(0), config.managementUrl(), RabbitMqLoadReader.TIMEOUT),
              addresses.stream().map(a -> Map.entry(a.host(), a.port())).toList(),
              config.prometheusUrl(),
              text(admin.getServerProperties().get("version")));
    }
    return brokerLoad;
  }

  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    if (idle != null) {
      idle.close();
    }
    try {
      producerConnections.closeAll();
      consumerConnections.closeAll();
      placedProducers.values().forEach(ConnectionPool::closeAll);
      placedConsumers.values().forEach(ConnectionPool::closeAll);
      ConnectionPool.close(admin);
    } finally {
      if (embedded != null) {
        embedded.close();
      }
    }
  }
}
