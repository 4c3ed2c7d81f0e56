package io.brokerbench.amqp091;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ShutdownSignalException;
import com.rabbitmq.client.impl.ClientVersion;
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
import io.brokerbench.spi.Consumer;
import io.brokerbench.spi.ConsumerSpec;
import io.brokerbench.spi.DeliveryListener;
import io.brokerbench.spi.DestinationSpec;
import io.brokerbench.spi.Driver;
import io.brokerbench.spi.DriverDescription;
import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.IdleConnection;
import io.brokerbench.spi.Producer;
import io.brokerbench.spi.ProducerSpec;
import io.brokerbench.spi.ReplyListener;
import io.brokerbench.spi.SendListener;
import io.brokerbench.workload.WorkloadException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

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
 * <p>An administrative connection declares and deletes queues. Each producer and consumer gets its
 * own channel, and by default its own connection ({@link Amqp091Connections}). Exclusive queues are
 * the exception: each belongs to the connection of its first consumer, which declares and binds it
 * there; later consumers of the queue get channels on that connection, as PerfTest's do, and the
 * queue goes when the connection closes.
 */
public final class Amqp091Driver implements Driver {
  private final Amqp091Config config;
  private final List<BrokerAddress> addresses;
  private final EmbeddedQpidBroker embedded;
  private final QueueType queueType;
  private final Amqp091Connections connections;
  private final List<String> declaredQueues = new ArrayList<>();
  private final Map<String, DestinationSpec> exclusiveDestinations = new HashMap<>();
  private final Map<String, ConnectionPool.Lease> exclusiveOwners = new HashMap<>();
  private String declaredExchange;
  private BrokerMemoryReader brokerMemory;
  private RabbitMqLoadReader brokerLoad;
  private Channel adminChannel;

  private Amqp091Driver(
      Amqp091Config config, List<BrokerAddress> addresses, EmbeddedQpidBroker embedded)
      throws DriverException {
    this.config = config;
    this.addresses = addresses;
    this.embedded = embedded;
    this.queueType = config.queueType();
    this.connections =
        new Amqp091Connections(
            config,
            addresses,
            embedded != null,
            (lease, spec, listener) -> producerOn(lease, spec, listener, null));
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

  @Override
  public DriverDescription description() {
    String target =
        embedded != null
            ? "embedded Qpid Broker-J at " + addresses.get(0).masked()
            : addresses.stream().map(BrokerAddress::masked).collect(Collectors.joining(","));
    return new DriverDescription(
        "amqp091",
        target,
        embedded != null,
        true,
        "amqp-client " + ClientVersion.VERSION,
        new BrokerIdentity(
            connections.serverProperty("product"), connections.serverProperty("version")));
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
    Connection admin = connections.admin();
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
        connections.producerLease("producer " + spec.producerIndex(), spec.destination()),
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
            : connections.consumerLease("consumer " + spec.consumerIndex(), spec.destination());
    return Amqp091Consumer.create(
        lease, spec, listener, new Prefetch(prefetch, config.globalPrefetch()), arguments, replier);
  }

  /** Where each producer and consumer connected, when the run spreads them over several URIs. */
  @Override
  public Map<String, String> clientNodes() {
    return connections.clientNodes();
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
    ConnectionPool pool = connections.consumerPool();
    ConnectionPool.Lease lease = owner == null ? null : pool.leaseBeside(owner);
    boolean newOwner = lease == null;
    if (newOwner) {
      lease = pool.lease();
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
    return connections.openConnections();
  }

  /**
   * The heartbeat interval in seconds the broker agreed to on the administrative connection (every
   * connection requests the same); 0 when heartbeats are off.
   */
  int negotiatedHeartbeatSeconds() {
    return connections.negotiatedHeartbeatSeconds();
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
    if (config.exclusive() || !"RabbitMQ".equals(connections.serverProperty("product"))) {
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
    return connections.openIdle(index, channels);
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
              connections.serverProperty("version"));
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
              connections.serverProperty("version"));
    }
    return brokerLoad;
  }

  @Override
  public void close() {
    try {
      connections.close();
    } finally {
      if (embedded != null) {
        embedded.close();
      }
    }
  }
}
