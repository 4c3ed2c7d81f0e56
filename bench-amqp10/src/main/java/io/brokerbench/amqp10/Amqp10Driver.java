package io.brokerbench.amqp10;

import io.brokerbench.amqp10.Amqp10Config.ReplyTo;
import io.brokerbench.embedded.qpid.EmbeddedQpidBroker;
import io.brokerbench.rabbitmq.BrokerMemoryReader;
import io.brokerbench.rabbitmq.ManagementApi;
import io.brokerbench.rabbitmq.RabbitMqLoadReader;
import io.brokerbench.spi.AckMode;
import io.brokerbench.spi.BrokerIdentity;
import io.brokerbench.spi.BrokerLoadReader;
import io.brokerbench.spi.BrokerMemory;
import io.brokerbench.spi.ConnectTimeout;
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
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import javax.net.ssl.SSLContext;
import org.apache.qpid.protonj2.client.Connection;
import org.apache.qpid.protonj2.client.exceptions.ClientException;

/**
 * A driver speaking AMQP 1.0 through Apache Qpid protonj2: one connection per producer and consumer
 * (quiver's sender and receiver processes) driven by the protonj2 engine ({@code io=engine}) or
 * protonj2-client ({@code io=client}), a session per link, and a protonj2-client control connection
 * for the checks before a run.
 *
 * <pre>{@code
 * Driver driver = new Amqp10DriverProvider().open(Map.of("url", "//127.0.0.1:5672//amq/queue/q"));
 * }</pre>
 */
public final class Amqp10Driver implements Driver {
  private final Amqp10Config config;
  private final SSLContext tls;
  private final ClientConnections client;
  private final Connection control;
  private final boolean rabbitMq;
  private final EmbeddedQpidBroker embedded;
  private final OpenLinks links;
  private final MessageIo io;
  private final Destinations destinations;
  private IdleEngineConnections idle;
  private BrokerMemoryReader brokerMemory;
  private RabbitMqLoadReader brokerLoad;
  private boolean closed;

  /**
   * Reads the TLS stores and connects the control connection, so that a wrong host, port, password
   * or key store fails here.
   *
   * @param config the settings
   * @param embedded the in-process broker {@code config} points to, closed with this driver, or
   *     null
   * @throws DriverException when the broker cannot be reached or refuses the credentials
   */
  Amqp10Driver(Amqp10Config config, EmbeddedQpidBroker embedded) throws DriverException {
    this.config = config;
    this.embedded = embedded;
    this.links = new OpenLinks(config);
    this.tls = config.tls() ? config.stores().sslContext() : null;
    this.client = new ClientConnections(config, tls);
    this.io =
        config.engine() ? new EngineIo(config, tls, links) : new ClientIo(config, client, links);
    try {
      this.control = client.open(Errors.CONNECTING);
      Object product = control.properties().get("product");
      this.rabbitMq = product != null && product.toString().contains("RabbitMQ");
      boolean nativeManagement = rabbitMq && majorVersion(control.properties().get("version")) >= 4;
      this.destinations = new Destinations(config, control, tls, rabbitMq, nativeManagement);
    } catch (DriverException e) {
      client.closeAsync();
      throw e;
    } catch (Exception e) {
      client.closeAsync();
      throw Errors.whileDoing(config, Errors.CONNECTING, e);
    }
  }

  /**
   * Starts an embedded Qpid Broker-J and connects to it; destinations are plain addresses (the
   * broker creates a queue on first attach) unless {@code address} says otherwise.
   */
  static Amqp10Driver embedded(Map<String, String> options) throws DriverException {
    EmbeddedQpidBroker broker;
    try {
      broker = EmbeddedQpidBroker.start();
    } catch (RuntimeException e) {
      throw new DriverException("cannot start the embedded Qpid broker: " + e.getMessage(), e);
    }
    try {
      Map<String, String> withBroker = new HashMap<>(options);
      withBroker.put("url", "amqp://" + broker.host() + ":" + broker.port());
      withBroker.put("user", broker.username());
      withBroker.put("password", broker.password());
      withBroker.putIfAbsent("address", "%s");
      // Broker-J takes the open frame's hostname as the virtual host name.
      withBroker.putIfAbsent("virtual-host", "default");
      // A broker that has just started answers slowly on a loaded machine.
      Duration timeout = ConnectTimeout.forEmbeddedBroker(ConnectTimeout.OPTION.from(options));
      withBroker.put(ConnectTimeout.OPTION.name(), Long.toString(timeout.toMillis()));
      Amqp10Config config = Amqp10Config.parse(withBroker);
      try {
        return new Amqp10Driver(config, broker);
      } catch (DriverException e) {
        throw Errors.embeddedBrokerSilent(config, e);
      }
    } catch (DriverException | RuntimeException e) {
      broker.close();
      throw e;
    }
  }

  @Override
  public DriverDescription description() {
    return new DriverDescription(
        Amqp10DriverProvider.NAME,
        embedded != null ? "embedded Qpid Broker-J, " + config.target() : config.target(),
        embedded != null,
        true,
        io.library(),
        brokerIdentity());
  }

  /** The major version of a version such as {@code 4.0.5}; 0 when there is none. */
  static int majorVersion(Object version) {
    if (version == null) {
      return 0;
    }
    String text = version.toString();
    int end = 0;
    while (end < text.length() && Character.isDigit(text.charAt(end))) {
      end++;
    }
    return end == 0 ? 0 : Integer.parseInt(text.substring(0, end));
  }

  /**
   * An idle connection with its sessions, on the protonj2 engine over a non-blocking socket that
   * one selector thread serves for all of them ({@link IdleEngineConnections}).
   */
  @Override
  public IdleConnection openIdleConnection(int index, int channels) throws DriverException {
    return idleConnections().open(index, channels);
  }

  private synchronized IdleEngineConnections idleConnections() throws DriverException {
    if (closed) {
      throw new DriverException("the amqp10 driver is closed");
    }
    if (idle == null) {
      idle = new IdleEngineConnections(config);
    }
    return idle;
  }

  /**
   * RabbitMQ's memory from its management API, or else its Prometheus endpoint on port 15692; null
   * for another broker (the embedded one included), which this driver cannot ask.
   */
  @Override
  public synchronized BrokerMemory brokerMemory() throws DriverException {
    if (!rabbitMq) {
      return null;
    }
    if (brokerMemory == null) {
      brokerMemory =
          new BrokerMemoryReader(
              managementApi(BrokerMemoryReader.TIMEOUT),
              RabbitMqLoadReader.endpoints(config.prometheusUrl(), List.of(config.host())).get(0),
              brokerVersion());
    }
    return brokerMemory.read();
  }

  /**
   * RabbitMQ's own load from its Prometheus endpoint, or from its process when it runs here; null
   * for another broker (the embedded one included).
   */
  @Override
  public synchronized BrokerLoadReader brokerLoad() {
    if (!rabbitMq) {
      return null;
    }
    if (brokerLoad == null) {
      brokerLoad =
          RabbitMqLoadReader.of(
              managementApi(RabbitMqLoadReader.TIMEOUT),
              List.of(Map.entry(config.host(), config.port())),
              config.prometheusUrl(),
              brokerVersion());
    }
    return brokerLoad;
  }

  /** RabbitMQ's management API: {@code --management-url}, else port 15672 of the host. */
  private ManagementApi managementApi(Duration timeout) {
    return new ManagementApi(
        config.managementUrl() != null
            ? config.managementUrl()
            : "http://" + config.host() + ":15672",
        config.user(),
        config.password(),
        timeout);
  }

  /** The version the broker said it is, or null when it did not say. */
  private String brokerVersion() {
    String version = brokerIdentity().version();
    return BrokerIdentity.UNKNOWN_VALUE.equals(version) ? null : version;
  }

  /** The product and version the broker sent in its open frame's properties. */
  private BrokerIdentity brokerIdentity() {
    try {
      Map<String, Object> properties = control.properties();
      if (properties != null) {
        return new BrokerIdentity(
            Objects.toString(properties.get("product"), null),
            Objects.toString(properties.get("version"), null));
      }
    } catch (ClientException e) {
      // For the report only: a broker that does not say what it is is still benchmarked.
    }
    return BrokerIdentity.UNKNOWN;
  }

  /**
   * Declares missing RabbitMQ queues (with {@code declare=true} on RabbitMQ: over AMQP 1.0 itself
   * on 4.x, over AMQP 0.9.1 on 3.x), then, except on RabbitMQ 4, attaches a receiver to each queue
   * address, because RabbitMQ 3.x accepts sends to a missing queue and drops them silently.
   */
  @Override
  public void declare(List<DestinationSpec> destinations) throws DriverException {
    this.destinations.declare(destinations);
  }

  @Override
  public Producer createProducer(ProducerSpec spec, SendListener listener) throws DriverException {
    return io.producer(spec, listener);
  }

  @Override
  public Consumer createConsumer(ConsumerSpec spec, DeliveryListener listener)
      throws DriverException {
    return io.consumer(spec, listener);
  }

  /**
   * A requester on protonj2-client (whichever {@code io} is set: request-reply needs the reply
   * address and correlation id the client's messages carry), with a reply queue of its own or a
   * dynamic receiver.
   */
  @Override
  public Producer createRequester(ProducerSpec spec, SendListener listener, ReplyListener replies)
      throws DriverException {
    String address = config.addressOf(spec.destination());
    String replyAddress =
        config.replyTo() == ReplyTo.QUEUE ? destinations.replyQueue(spec.producerIndex()) : null;
    if (replyAddress != null) {
      // The reply queue is read by the engine, as consumers are by default: a fraction of the
      // client API's CPU per message.
      EngineConnection replyConnection =
          EngineConnection.open(config, tls, "requester-" + spec.producerIndex() + "-replies");
      links.open(
          replyConnection::close,
          () ->
              new EngineConsumer(
                  config,
                  replyConnection,
                  replyAddress,
                  new ConsumerSpec(spec.producerIndex(), replyAddress, 0, AckMode.EACH, 1),
                  repliesAsDeliveries(replies)));
    }
    Connection connection = client.open("connecting requester-" + spec.producerIndex());
    return links.open(
        connection::closeAsync,
        () ->
            new Amqp10Producer(config, connection, address, spec, listener, replies, replyAddress));
  }

  /** A reply queue's deliveries as the replies they are. */
  private static DeliveryListener repliesAsDeliveries(ReplyListener replies) {
    return new DeliveryListener() {
      @Override
      public void onDelivery(
          byte[] stamp, int offset, boolean redelivered, long brokerTimestampMillis) {
        replies.onReply(stamp, offset);
      }

      @Override
      public void onFailure(DriverException failure) {
        replies.onFailure(failure);
      }
    };
  }

  /** A replier on protonj2-client, which decodes each request for its reply address. */
  @Override
  public Consumer createReplier(ConsumerSpec spec, DeliveryListener listener)
      throws DriverException {
    String address = config.addressOf(spec.destination());
    Connection connection = client.open("connecting replier-" + spec.consumerIndex());
    return links.open(
        connection::closeAsync,
        () -> new Amqp10Consumer(config, connection, address, spec, listener, true));
  }

  /**
   * The ready messages of a RabbitMQ queue address, asked as queues are declared; -1 for other
   * brokers and addresses, and for streams, which keep what was read.
   */
  @Override
  public long messagesWaiting(String destination) throws DriverException {
    return destinations.messagesWaiting(destination);
  }

  /** Deletes the queues this driver created, unless {@code delete-queues} is false. */
  @Override
  public void cleanup() throws DriverException {
    destinations.deleteCreated();
  }

  @Override
  public synchronized void close() throws DriverException {
    if (closed) {
      return;
    }
    closed = true;
    if (idle != null) {
      idle.close();
    }
    try {
      links.close();
    } finally {
      control.close();
      client.close();
      if (embedded != null) {
        embedded.close();
      }
    }
  }
}
