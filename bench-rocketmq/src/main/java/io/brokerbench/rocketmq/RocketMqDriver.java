package io.brokerbench.rocketmq;

import io.brokerbench.rocketmq.RocketMqConfig.HeaderEncoding;
import io.brokerbench.rocketmq.embedded.EmbeddedRocketMq;
import io.brokerbench.spi.BrokerIdentity;
import io.brokerbench.spi.BrokerLoadReader;
import io.brokerbench.spi.Consumer;
import io.brokerbench.spi.ConsumerSpec;
import io.brokerbench.spi.DeliveryListener;
import io.brokerbench.spi.DestinationSpec;
import io.brokerbench.spi.Driver;
import io.brokerbench.spi.DriverDescription;
import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.OutgoingMessage;
import io.brokerbench.spi.Producer;
import io.brokerbench.spi.ProducerSpec;
import io.brokerbench.spi.ReplyListener;
import io.brokerbench.spi.SendListener;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.rocketmq.acl.common.AclClientRPCHook;
import org.apache.rocketmq.acl.common.SessionCredentials;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.MQVersion;
import org.apache.rocketmq.remoting.RPCHook;

/**
 * A connection to one RocketMQ cluster (or an embedded name server and broker) for one run.
 *
 * <pre>{@code
 * Driver driver = new RocketMqDriverProvider().open(Map.of("name-server", "127.0.0.1:9876"));
 * }</pre>
 *
 * <p>Producers share one {@link DefaultMQProducer} (one client instance and connection, as in the
 * RocketMQ benchmark tool); each consumer has its own push consumer and client instance. Topics are
 * created on every master broker unless the user asked for predeclared or auto-created ones, and
 * the driver deletes the topics it created in {@link #cleanup()}.
 */
public final class RocketMqDriver implements Driver {
  static final String CLIENT_VERSION =
      MQVersion.getVersionDesc(MQVersion.CURRENT_VERSION)
          .replace('V', ' ')
          .trim()
          .replace('_', '.');

  private static final Duration ADMIN_TIMEOUT = Duration.ofSeconds(5);
  private static final Duration REQUEST_TIMEOUT = Duration.ofMinutes(1);
  private static final long SHUTDOWN_WAIT_MILLIS = 30_000;

  private final RocketMqConfig config;
  private final EmbeddedRocketMq embedded;
  private final String nameServer;
  private final TopicAdmin admin;
  private RocketMqLoadReader brokerLoad;
  private BrokerIdentity broker;
  private final DeclaredTopics topics;
  private final List<Thread> shutdowns = new ArrayList<>();
  private final ConsumerClients consumers;
  private final ProducerClient producerClient;
  private BatchFlusher batchFlusher;
  private volatile boolean closing;

  private RocketMqDriver(
      RocketMqConfig config,
      EmbeddedRocketMq embedded,
      String nameServer,
      TopicAdmin admin,
      RPCHook rpcHook) {
    this.config = config;
    this.embedded = embedded;
    this.nameServer = nameServer;
    this.admin = admin;
    String instanceToken =
        Long.toString(ThreadLocalRandom.current().nextLong(1L << 40), 36).toLowerCase(Locale.ROOT);
    this.topics = new DeclaredTopics(config, admin, nameServer);
    this.consumers =
        new ConsumerClients(this, config, nameServer, rpcHook, instanceToken, topics, admin);
    this.producerClient =
        new ProducerClient(config, nameServer, rpcHook, "brokerbench-" + instanceToken);
  }

  /**
   * Connects to the configured name server, or starts an embedded name server and broker when none
   * is configured.
   *
   * @throws DriverException when the name server is unreachable, knows no broker, or the embedded
   *     broker does not start
   */
  public static RocketMqDriver open(RocketMqConfig config) throws DriverException {
    // Read once by the client's RebalanceService: without it a consumer whose topic appears late
    // waits 20 s before its next rebalance.
    if (System.getProperty("rocketmq.client.rebalance.waitInterval") == null) {
      System.setProperty("rocketmq.client.rebalance.waitInterval", "1000");
    }
    RPCHook acl =
        config.accessKey() == null
            ? null
            : new AclClientRPCHook(new SessionCredentials(config.accessKey(), config.secretKey()));
    RPCHook rpcHook =
        config.headerEncoding() == HeaderEncoding.ROCKETMQ ? new BinaryRequestHeaders(acl) : acl;
    EmbeddedRocketMq embedded = null;
    String nameServer = config.nameServer();
    if (nameServer == null) {
      try {
        embedded =
            EmbeddedRocketMq.start(
                EmbeddedRocketMq.Settings.DEFAULTS.withSyncFlush(config.embeddedSyncFlush()));
      } catch (RuntimeException e) {
        throw new DriverException(
            "cannot start the embedded RocketMQ broker: " + Errors.reason(e), e);
      }
      nameServer = embedded.nameServerAddress();
    }
    try {
      TopicAdmin admin = TopicAdmin.connect(nameServer, rpcHook, ADMIN_TIMEOUT);
      return new RocketMqDriver(config, embedded, nameServer, admin, rpcHook);
    } catch (DriverException | RuntimeException e) {
      if (embedded != null) {
        embedded.close();
      }
      throw e;
    }
  }

  @Override
  public DriverDescription description() {
    String target =
        embedded != null
            ? "rocketmq://" + nameServer + " (embedded name server and broker)"
            : "rocketmq://" + nameServer;
    if (broker == null) {
      broker = admin.brokerIdentity();
    }
    return new DriverDescription(
        "rocketmq", target, embedded != null, true, "rocketmq-client " + CLIENT_VERSION, broker);
  }

  /** The name server this driver uses (the embedded one's when embedded). */
  public String nameServer() {
    return nameServer;
  }

  @Override
  public void declare(List<DestinationSpec> list) throws DriverException {
    topics.declare(list);
  }

  @Override
  public synchronized Producer createProducer(ProducerSpec spec, SendListener listener)
      throws DriverException {
    DefaultMQProducer client = producerClient.started(spec.bodyBytes());
    config.checkProducer(spec.inFlightWindow(), spec.bodyBytes(), client.getMaxMessageSize());
    MessageStamper stamper =
        new MessageStamper(spec.destination(), config.tag(), config.keys(), config.delayLevel());
    RocketMqProducer producer =
        new RocketMqProducer(
            this,
            client,
            config,
            stamper,
            spec.inFlightWindow(),
            spec.bodyBytes(),
            new SerialSendListener(listener));
    if (producer.batchSender() != null) {
      if (batchFlusher == null) {
        batchFlusher = new BatchFlusher(config.batchLinger().toNanos());
      }
      batchFlusher.register(producer.batchSender());
    }
    return producer;
  }

  /** The write consolidation of the producers' connections, once a producer was created. */
  WriteConsolidation writeConsolidation() {
    return producerClient.writeConsolidation();
  }

  @Override
  public synchronized Consumer createConsumer(ConsumerSpec spec, DeliveryListener listener)
      throws DriverException {
    return consumers.start(spec, new DeliveryDispatcher(listener, null), listener);
  }

  /**
   * A requester on RocketMQ's request-reply API, through the driver's producer client; RocketMQ's
   * own timeout of a request is the send timeout's, at least a minute, so that the core's reply
   * timeout decides when a request timed out.
   */
  @Override
  public synchronized Producer createRequester(
      ProducerSpec spec, SendListener listener, ReplyListener replies) throws DriverException {
    DefaultMQProducer client = producerClient.started(spec.bodyBytes());
    RocketMqRequester.registerForReplies(client, spec.destination(), admin);
    return new RocketMqRequester(
        client,
        new MessageStamper(spec.destination(), config.tag(), config.keys(), 0),
        spec.bodyBytes(),
        Math.max(REQUEST_TIMEOUT.toMillis(), config.sendTimeout().toMillis()),
        listener,
        replies);
  }

  /**
   * A push consumer that answers each request, once the core saw it, with a reply message carrying
   * the request's body (and stamp) sent through the driver's producer client; the broker pushes it
   * to the requesting client. A message that is not a request gets no reply.
   */
  @Override
  public synchronized Consumer createReplier(ConsumerSpec spec, DeliveryListener listener)
      throws DriverException {
    DefaultMQProducer replies = producerClient.started(OutgoingMessage.STAMP_BYTES);
    return consumers.start(
        spec, new DeliveryDispatcher(listener, new ReplySender(replies)), listener);
  }

  /**
   * Messages of the topic its push consumers have not consumed: per queue, the broker's end of the
   * queue less the group's consumed offset as the consumers hold it now (newer than what the broker
   * was last told; a message pulled but not yet handed over counts as waiting). -1 with pull
   * consumers, whose offsets are committed in the background.
   */
  @Override
  public long messagesWaiting(String topic) throws DriverException {
    return consumers.messagesWaiting(topic);
  }

  @Override
  public String outOfOrderReason() {
    return "RocketMQ keeps order within each queue of a topic, and the producer spreads its"
        + " messages over the topic's queues"
        + (topics.anyCreatedByDriver() ? " (" + config.queuesPerTopic() + " per topic here)" : "");
  }

  @Override
  public void cleanup() throws DriverException {
    topics.deleteCreated();
  }

  /** True when the name server routes this topic (for tests). */
  boolean topicExists(String topic) throws DriverException {
    return admin.exists(topic);
  }

  /** The embedded name server and broker, or null (for tests that stop it). */
  EmbeddedRocketMq embeddedBroker() {
    return embedded;
  }

  /** True once {@link #close()} started. */
  boolean closing() {
    return closing;
  }

  /** Runs a slow client shutdown on its own thread; {@link #close()} waits for it. */
  synchronized void shutdownInBackground(String what, Runnable shutdown) {
    Thread thread = new Thread(shutdown, "brokerbench-rocketmq-shutdown-" + what);
    thread.setDaemon(true);
    thread.start();
    shutdowns.add(thread);
  }

  /**
   * The brokers' own load: from their process where they run on this machine, else from their
   * runtime statistics; null for the embedded broker, which shares the generator's process.
   */
  @Override
  public synchronized BrokerLoadReader brokerLoad() {
    if (embedded != null) {
      return null;
    }
    if (brokerLoad == null) {
      brokerLoad = new RocketMqLoadReader(admin);
    }
    return brokerLoad;
  }

  /**
   * Starts every client's shutdown. With an embedded broker it waits (bounded) for them before
   * stopping the broker; otherwise the clients finish stopping in the background, which takes them
   * up to about three seconds each.
   */
  @Override
  public void close() {
    List<Thread> pending;
    synchronized (this) {
      if (closing) {
        return;
      }
      closing = true;
      if (batchFlusher != null) {
        batchFlusher.stop();
      }
      if (producerClient.started()) {
        shutdownInBackground("producer", producerClient::shutdown);
      }
      shutdownInBackground("admin", admin.client()::shutdown);
      pending = List.copyOf(shutdowns);
    }
    if (embedded == null) {
      return;
    }
    long deadline = System.currentTimeMillis() + SHUTDOWN_WAIT_MILLIS;
    try {
      for (Thread thread : pending) {
        thread.join(Math.max(1, deadline - System.currentTimeMillis()));
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      embedded.close();
    }
  }
}
