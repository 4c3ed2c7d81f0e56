package io.brokerbench.rocketmq.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.rocketmq.broker.BrokerController;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.BrokerConfig;
import org.apache.rocketmq.common.MQVersion;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.common.constant.PermName;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.namesrv.NamesrvConfig;
import org.apache.rocketmq.namesrv.NamesrvController;
import org.apache.rocketmq.remoting.netty.NettyClientConfig;
import org.apache.rocketmq.remoting.netty.NettyServerConfig;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.store.config.FlushDiskType;
import org.apache.rocketmq.store.config.MessageStoreConfig;

/**
 * A RocketMQ name server and one broker in this JVM, on 127.0.0.1 and free ports, with a store in a
 * temporary directory that {@link #close()} deletes. For tests and for the driver's "no name server
 * given" default.
 *
 * <pre>{@code
 * try (EmbeddedRocketMq mq = EmbeddedRocketMq.start(EmbeddedRocketMq.Settings.DEFAULTS)) {
 *   String namesrv = mq.nameServerAddress();   // such as 127.0.0.1:40123
 *   mq.createTopic("bench", 8);
 * }
 * }</pre>
 *
 * <p>Implementation notes. The traps met when starting both servers in one JVM (see the project's
 * ANCHORS): the remoting version property must be set before any controller exists, or the broker's
 * registration is refused and the default topic never registers; "boot success" is not readiness,
 * since the first registration is sometimes lost and sends then fail for about ten seconds, so
 * {@link #start} waits until a real send to a probe topic succeeds, forcing a re-registration every
 * {@value #REREGISTER_MILLIS} ms meanwhile. Every wait is bounded.
 */
public final class EmbeddedRocketMq implements AutoCloseable {
  /**
   * The cluster name the broker registers under. RocketMQ reserves cluster and broker names as
   * topic names, so neither may be a plausible topic such as "brokerbench".
   */
  public static final String CLUSTER = "brokerbench_cluster";

  private static final String BROKER_NAME = "brokerbench-embedded";
  private static final String PROBE_TOPIC = "brokerbench-ready";
  private static final long REREGISTER_MILLIS = 1_500;

  private final Path directory;
  private final NamesrvController nameServer;
  private final Settings settings;
  private volatile BrokerController broker;
  private volatile boolean closed;

  /**
   * How the embedded broker stores messages.
   *
   * @param syncFlush flush to disk before answering a send (SYNC_FLUSH) instead of in the
   *     background (ASYNC_FLUSH)
   * @param commitLogFileBytes size of each commit log file; small files keep the temporary store
   *     small
   * @param autoCreateTopics let the broker create topics on first send
   * @param readyTimeout how long {@link #start} waits for the broker to accept a send
   */
  public record Settings(
      boolean syncFlush, int commitLogFileBytes, boolean autoCreateTopics, Duration readyTimeout) {

    /** ASYNC_FLUSH, 128 MiB commit log files, auto-creation on, 30 s to become ready. */
    public static final Settings DEFAULTS =
        new Settings(false, 128 << 20, true, Duration.ofSeconds(30));

    /** A copy with topic auto-creation switched on or off. */
    public Settings withAutoCreateTopics(boolean enabled) {
      return new Settings(syncFlush, commitLogFileBytes, enabled, readyTimeout);
    }

    /** A copy with the given flush mode. */
    public Settings withSyncFlush(boolean enabled) {
      return new Settings(enabled, commitLogFileBytes, autoCreateTopics, readyTimeout);
    }
  }

  private EmbeddedRocketMq(
      Path directory, NamesrvController nameServer, Settings settings, BrokerController broker) {
    this.directory = directory;
    this.nameServer = nameServer;
    this.settings = settings;
    this.broker = broker;
  }

  /**
   * Starts a name server and a broker and waits until the broker accepts a send. Blocks for a few
   * seconds.
   *
   * @throws IllegalStateException when either does not start or the broker is not ready in time
   */
  public static EmbeddedRocketMq start(Settings settings) {
    System.setProperty(
        RemotingCommand.REMOTING_VERSION_KEY, Integer.toString(MQVersion.CURRENT_VERSION));
    Path directory;
    try {
      directory = Files.createTempDirectory("brokerbench-rocketmq-");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create a temporary store directory", e);
    }
    NamesrvController nameServer = null;
    BrokerController broker = null;
    try {
      nameServer = startNameServer(directory);
      String nameServerAddress = "127.0.0.1:" + nameServer.getRemotingServer().localListenPort();
      broker = startBroker(directory, nameServerAddress, settings, 0);
      EmbeddedRocketMq mq = new EmbeddedRocketMq(directory, nameServer, settings, broker);
      mq.createTopic(PROBE_TOPIC, 1);
      mq.awaitReady(settings.readyTimeout());
      return mq;
    } catch (RuntimeException e) {
      new EmbeddedRocketMq(directory, nameServer, settings, broker).close();
      throw e;
    }
  }

  private static NamesrvController startNameServer(Path directory) {
    NamesrvConfig config = new NamesrvConfig();
    config.setRocketmqHome(directory.toString());
    config.setKvConfigPath(directory.resolve("namesrv/kvConfig.json").toString());
    config.setConfigStorePath(directory.resolve("namesrv/namesrv.properties").toString());
    NettyServerConfig server = new NettyServerConfig();
    server.setBindAddress("127.0.0.1");
    server.setListenPort(0);
    server.setServerWorkerThreads(2);
    server.setServerSelectorThreads(1);
    NamesrvController controller = new NamesrvController(config, server, new NettyClientConfig());
    if (!controller.initialize()) {
      throw new IllegalStateException("the embedded RocketMQ name server did not initialize");
    }
    try {
      controller.start();
    } catch (Exception e) {
      controller.shutdown();
      throw new IllegalStateException("the embedded RocketMQ name server did not start", e);
    }
    return controller;
  }

  /** Starts a broker on {@code port}, or on a free port when it is 0. */
  private static BrokerController startBroker(
      Path directory, String nameServerAddress, Settings settings, int port) {
    BrokerConfig config = new BrokerConfig();
    config.setRocketmqHome(directory.toString());
    config.setBrokerName(BROKER_NAME);
    config.setBrokerClusterName(CLUSTER);
    config.setBrokerIP1("127.0.0.1");
    config.setBrokerIP2("127.0.0.1");
    config.setNamesrvAddr(nameServerAddress);
    config.setAutoCreateTopicEnable(settings.autoCreateTopics());
    config.setAutoCreateSubscriptionGroup(true);
    config.setEnablePropertyFilter(true);
    config.setForceRegister(true);
    config.setRegisterNameServerPeriod(10_000);
    MessageStoreConfig store = new MessageStoreConfig();
    String root = directory.resolve("store").toString();
    store.setStorePathRootDir(root);
    store.setStorePathCommitLog(root + "/commitlog");
    store.setMappedFileSizeCommitLog(settings.commitLogFileBytes());
    store.setFlushDiskType(
        settings.syncFlush() ? FlushDiskType.SYNC_FLUSH : FlushDiskType.ASYNC_FLUSH);
    store.setHaListenPort(0);
    store.setMaxIndexNum(10_000);
    store.setMaxHashSlotNum(40_000);
    NettyServerConfig server = new NettyServerConfig();
    server.setBindAddress("127.0.0.1");
    server.setListenPort(port);
    BrokerController controller =
        new BrokerController(config, server, new NettyClientConfig(), store);
    try {
      if (!controller.initialize()) {
        throw new IllegalStateException("the embedded RocketMQ broker did not initialize");
      }
      controller.start();
    } catch (Exception e) {
      controller.shutdown();
      throw new IllegalStateException("the embedded RocketMQ broker did not start", e);
    }
    return controller;
  }

  /** The name server's address, {@code 127.0.0.1:PORT}. */
  public String nameServerAddress() {
    return "127.0.0.1:" + nameServer.getRemotingServer().localListenPort();
  }

  /** The directory of the broker's store, which {@link #close()} deletes. */
  public Path storeDirectory() {
    return directory;
  }

  /** The broker's address, {@code 127.0.0.1:PORT}. */
  public String brokerAddress() {
    return broker.getBrokerAddr();
  }

  /**
   * Creates (or updates) a topic on the broker with this many read and write queues and registers
   * it with the name server at once.
   */
  public void createTopic(String topic, int queues) {
    TopicConfig config =
        new TopicConfig(topic, queues, queues, PermName.PERM_READ | PermName.PERM_WRITE);
    broker.getTopicConfigManager().updateTopicConfig(config);
    broker.registerIncrementBrokerData(config, broker.getTopicConfigManager().getDataVersion());
  }

  /** Deletes a topic from the broker and the name server. */
  public void deleteTopic(String topic) {
    broker.getTopicConfigManager().deleteTopicConfig(topic);
    nameServer.getRouteInfoManager().deleteTopic(topic);
  }

  private void awaitReady(Duration timeout) {
    DefaultMQProducer probe = new DefaultMQProducer("brokerbench-ready-probe");
    probe.setNamesrvAddr(nameServerAddress());
    probe.setInstanceName("brokerbench-probe-" + ThreadLocalRandom.current().nextInt(1 << 30));
    probe.setVipChannelEnabled(false);
    probe.setSendMsgTimeout(2_000);
    probe.setRetryTimesWhenSendFailed(0);
    probe.setPollNameServerInterval(500);
    long deadline = System.nanoTime() + timeout.toNanos();
    long nextRegister = System.nanoTime() + REREGISTER_MILLIS * 1_000_000;
    Exception last = null;
    try {
      probe.start();
      Message message = new Message(PROBE_TOPIC, new byte[] {1});
      while (System.nanoTime() < deadline) {
        try {
          SendResult result = probe.send(message);
          if (result.getSendStatus() == SendStatus.SEND_OK) {
            return;
          }
        } catch (Exception e) {
          last = e;
        }
        if (System.nanoTime() > nextRegister) {
          broker.registerBrokerAll(true, false, true);
          nextRegister = System.nanoTime() + REREGISTER_MILLIS * 1_000_000;
        }
        Thread.sleep(100);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for the embedded broker", e);
    } catch (Exception e) {
      last = e;
    } finally {
      probe.shutdown();
    }
    throw new IllegalStateException(
        "the embedded RocketMQ broker accepted no send within " + timeout.toSeconds() + " s", last);
  }

  /**
   * Stops the broker as a broker host going down, and after {@code down} starts it again on the
   * same port and store, as the host coming back; the name server stays up. Returns once the broker
   * accepts a send again.
   *
   * @throws IllegalStateException when the broker does not start again, or is not ready in time
   */
  public synchronized void restartBroker(Duration down) throws InterruptedException {
    int port = broker.getRemotingServer().localListenPort();
    broker.shutdown();
    Thread.sleep(down.toMillis());
    broker = startBroker(directory, nameServerAddress(), settings, port);
    awaitReady(settings.readyTimeout());
  }

  /** True once {@link #close()} ran. */
  public boolean closed() {
    return closed;
  }

  /** Stops the broker and the name server and deletes the store. Idempotent. */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    // Each server waits about 3 s per internal event thread; stopping both at once saves the name
    // server's share.
    Thread nameServerStop = null;
    if (nameServer != null) {
      nameServerStop = new Thread(nameServer::shutdown, "brokerbench-namesrv-shutdown");
      nameServerStop.start();
    }
    if (broker != null) {
      broker.shutdown();
    }
    if (nameServerStop != null) {
      try {
        nameServerStop.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    deleteRecursively(directory);
  }

  private static void deleteRecursively(Path root) {
    try {
      Files.walkFileTree(
          root,
          new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs)
                throws IOException {
              Files.deleteIfExists(file);
              return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
              Files.deleteIfExists(dir);
              return FileVisitResult.CONTINUE;
            }
          });
    } catch (IOException e) {
      // A store left in the temporary directory is harmless; the run's result is what matters.
      return;
    }
  }
}
