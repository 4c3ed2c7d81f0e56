package io.brokerbench.amqp091;

import com.rabbitmq.client.impl.ClientVersion;
import io.brokerbench.amqp091.Amqp091Config.ReplyTo;
import io.brokerbench.embedded.qpid.EmbeddedQpidBroker;
import io.brokerbench.rabbitmq.BrokerMemoryReader;
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
 * <p>Each producer and consumer gets its own channel, and by default its own connection ({@link
 * Amqp091Connections}). An administrative connection declares and deletes queues ({@link
 * Amqp091Topology}). Exclusive queues are the exception: each belongs to the connection of its
 * first consumer, which declares and binds it there; later consumers of the queue get channels on
 * that connection, as PerfTest's do, and the queue goes when the connection closes.
 */
public final class Amqp091Driver implements Driver {
  private final Amqp091Config config;
  private final List<BrokerAddress> addresses;
  private final EmbeddedQpidBroker embedded;
  private final QueueType queueType;
  private final Amqp091Connections connections;
  private final Amqp091Topology topology;
  private BrokerMemoryReader brokerMemory;
  private RabbitMqLoadReader brokerLoad;

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
    this.topology = new Amqp091Topology(config, connections, addresses.get(0));
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
  public void declare(List<DestinationSpec> destinations) throws DriverException {
    topology.declare(destinations);
  }

  /**
   * The queue's consumers, from a passive declare's answer; 0 for a queue that does not exist yet,
   * -1 for exclusive queues, which no other connection can see or use, and on brokers other than
   * RabbitMQ.
   */
  @Override
  public int consumersOf(String destination) throws DriverException {
    return topology.consumersOf(destination);
  }

  /**
   * The queue's ready messages (a passive declare); -1 for a stream, which keeps what was read, and
   * for exclusive queues, which belong to their consumers' connections.
   */
  @Override
  public long messagesWaiting(String destination) throws DriverException {
    return topology.messagesWaiting(destination);
  }

  @Override
  public void cleanup() throws DriverException {
    topology.cleanup();
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
      topology.checkExclusiveQueueConsumed(spec);
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
        topology.routingKey(spec.destination()),
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
            ? topology.exclusiveQueueLease(spec.destination())
            : connections.consumerLease("consumer " + spec.consumerIndex(), spec.destination());
    return Amqp091Consumer.create(
        lease, spec, listener, new Prefetch(prefetch, config.globalPrefetch()), arguments, replier);
  }

  /** Where each producer and consumer connected, when the run spreads them over several URIs. */
  @Override
  public Map<String, String> clientNodes() {
    return connections.clientNodes();
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
