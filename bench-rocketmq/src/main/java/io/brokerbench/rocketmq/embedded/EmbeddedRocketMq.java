package io.brokerbench.rocketmq.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.rocketmq.broker.BrokerController;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.BrokerConfig;
import org.apache.rocketmq.common.MQVersion;
import org.apache.rocketmq.common.MixAll;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.common.constant.PermName;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.namesrv.NamesrvConfig;
import org.apache.rocketmq.namesrv.NamesrvController;
import org.apache.rocketmq.remoting.netty.NettyClientConfig;
import org.apache.rocketmq.remoting.netty.NettyServerConfig;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.store.config.BrokerRole;
import org.apache.rocketmq.store.config.FlushDiskType;
import org.apache.rocketmq.store.config.MessageStoreConfig;
import org.apache.rocketmq.store.exception.ConsumeQueueException;

/**
 * A RocketMQ name server and one broker in this JVM, on 127.0.0.1 and free ports, with a store in a
 * temporary directory that {@link #close()} deletes. For tests and for the driver's "no name server
 * given" default. With {@link Replication#ASYNC} or {@link Replication#SYNC} the broker is a master
 * (brokerId 0) with a slave (brokerId 1, same broker name, its own store and ports) that copies its
 * commit log: RocketMQ's master/slave cluster modes.
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
 *
 * <p>Replication: since RocketMQ 5 a SYNC_MASTER waits for its slave only when the store's {@code
 * totalReplicas} and {@code inSyncReplicas} are 2 (both default to 1, which makes SYNC_MASTER
 * behave as ASYNC_MASTER), so the master of {@link Replication#SYNC} sets both. The master's HA
 * port is chosen free in advance (it is registered as configured), and the slave's store is given
 * it directly ({@code haMasterAddress} in its configuration alone left it connecting to "master
 * null"). With sync replication the probe send succeeds only once the slave has acknowledged it;
 * with async replication {@link #start} also waits until the slave's commit log has caught up.
 */
public final class EmbeddedRocketMq implements AutoCloseable {
  /** How long a send may wait in the broker's queue before it is refused as busy. */
  static final long SEND_QUEUE_WAIT_MILLIS = 3_000;

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
  private volatile BrokerController slave;
  private volatile boolean closed;

  /** Whether the broker has a slave, and whether a send waits for it. */
  public enum Replication {
    /** One broker, no slave. */
    NONE,
    /** ASYNC_MASTER: the slave copies the commit log in the background. */
    ASYNC,
    /** SYNC_MASTER: a send is answered once the slave has the message. */
    SYNC
  }

  /**
   * How the embedded broker stores messages.
   *
   * @param syncFlush flush to disk before answering a send (SYNC_FLUSH) instead of in the
   *     background (ASYNC_FLUSH)
   * @param commitLogFileBytes size of each commit log file; small files keep the temporary store
   *     small
   * @param autoCreateTopics let the broker create topics on first send
   * @param readyTimeout how long {@link #start} waits for the broker to accept a send
   * @param replication whether the broker has a slave, replicating asynchronously or synchronously
   * @param nameServerPort the name server's port on 127.0.0.1, or 0 for a free one (the brokers
   *     always take free ones)
   * @param storeRoot where the stores go, kept by {@link #close()}; null for a temporary directory
   *     that {@link #close()} deletes
   */
  public record Settings(
      boolean syncFlush,
      int commitLogFileBytes,
      boolean autoCreateTopics,
      Duration readyTimeout,
      Replication replication,
      int nameServerPort,
      Path storeRoot) {

    /**
     * ASYNC_FLUSH, 128 MiB commit log files, auto-creation on, 30 s to become ready, no slave, free
     * ports, a temporary store.
     */
    public static final Settings DEFAULTS =
        new Settings(false, 128 << 20, true, Duration.ofSeconds(30), Replication.NONE, 0, null);

    /** Checks the values. */
    public Settings {
      Objects.requireNonNull(readyTimeout, "readyTimeout");
      Objects.requireNonNull(replication, "replication");
      if (nameServerPort < 0 || nameServerPort > 65_535) {
        throw new IllegalArgumentException("name server port out of range: " + nameServerPort);
      }
    }

    /** Settings without a slave, on free ports, in a temporary store. */
    public Settings(
        boolean syncFlush,
        int commitLogFileBytes,
        boolean autoCreateTopics,
        Duration readyTimeout) {
      this(
          syncFlush, commitLogFileBytes, autoCreateTopics, readyTimeout, Replication.NONE, 0, null);
    }

    /** A copy with topic auto-creation switched on or off. */
    public Settings withAutoCreateTopics(boolean enabled) {
      return new Settings(
          syncFlush,
          commitLogFileBytes,
          enabled,
          readyTimeout,
          replication,
          nameServerPort,
          storeRoot);
    }

    /** A copy with the given flush mode. */
    public Settings withSyncFlush(boolean enabled) {
      return new Settings(
          enabled,
          commitLogFileBytes,
          autoCreateTopics,
          readyTimeout,
          replication,
          nameServerPort,
          storeRoot);
    }

    /** A copy with the given replication: a slave, or none. */
    public Settings withReplication(Replication mode) {
      return new Settings(
          syncFlush,
          commitLogFileBytes,
          autoCreateTopics,
          readyTimeout,
          mode,
          nameServerPort,
          storeRoot);
    }

    /** A copy whose name server listens on {@code port} (0 for a free one). */
    public Settings withNameServerPort(int port) {
      return new Settings(
          syncFlush,
          commitLogFileBytes,
          autoCreateTopics,
          readyTimeout,
          replication,
          port,
          storeRoot);
    }

    /** A copy that keeps its stores in {@code root} (null for a temporary directory). */
    public Settings withStoreRoot(Path root) {
      return new Settings(
          syncFlush,
          commitLogFileBytes,
          autoCreateTopics,
          readyTimeout,
          replication,
          nameServerPort,
          root);
    }

    /** A copy that waits this long for the broker (and its slave) to be ready. */
    public Settings withReadyTimeout(Duration timeout) {
      return new Settings(
          syncFlush,
          commitLogFileBytes,
          autoCreateTopics,
          timeout,
          replication,
          nameServerPort,
          storeRoot);
    }
  }

  private EmbeddedRocketMq(
      Path directory,
      NamesrvController nameServer,
      Settings settings,
      BrokerController broker,
      BrokerController slave) {
    this.directory = directory;
    this.nameServer = nameServer;
    this.settings = settings;
    this.broker = broker;
    this.slave = slave;
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
      directory =
          settings.storeRoot() == null
              ? Files.createTempDirectory("brokerbench-rocketmq-")
              : Files.createDirectories(settings.storeRoot());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create the store directory", e);
    }
    NamesrvController nameServer = null;
    BrokerController broker = null;
    BrokerController slave = null;
    try {
      nameServer = startNameServer(directory, settings.nameServerPort());
      String nameServerAddress = "127.0.0.1:" + nameServer.getRemotingServer().localListenPort();
      int haPort = settings.replication() == Replication.NONE ? 0 : freePort();
      broker = startBroker(directory, nameServerAddress, settings, 0, haPort);
      if (settings.replication() != Replication.NONE) {
        slave = startSlave(directory, nameServerAddress, settings, haPort);
      }
      EmbeddedRocketMq mq = new EmbeddedRocketMq(directory, nameServer, settings, broker, slave);
      mq.createTopic(PROBE_TOPIC, 1);
      mq.awaitReady(settings.readyTimeout());
      if (slave != null) {
        mq.awaitSlaveCaughtUp(settings.readyTimeout());
      }
      return mq;
    } catch (RuntimeException e) {
      new EmbeddedRocketMq(directory, nameServer, settings, broker, slave).close();
      throw e;
    }
  }

  /** A port free now on 127.0.0.1, for the master's HA listener, which must be known in advance. */
  private static int freePort() {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("no free port for the master's HA listener", e);
    }
  }

  private static NamesrvController startNameServer(Path directory, int port) {
    NamesrvConfig config = new NamesrvConfig();
    config.setRocketmqHome(directory.toString());
    config.setKvConfigPath(directory.resolve("namesrv/kvConfig.json").toString());
    config.setConfigStorePath(directory.resolve("namesrv/namesrv.properties").toString());
    NettyServerConfig server = new NettyServerConfig();
    server.setBindAddress("127.0.0.1");
    server.setListenPort(port);
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

  /**
   * Starts the broker (the master when there is a slave, its HA listener on {@code haPort}) on
   * {@code port}, or on a free port when it is 0.
   */
  private static BrokerController startBroker(
      Path directory, String nameServerAddress, Settings settings, int port, int haPort) {
    MessageStoreConfig store = storeConfig(directory.resolve("store"), settings);
    store.setHaListenPort(haPort);
    switch (settings.replication()) {
      case NONE, ASYNC -> store.setBrokerRole(BrokerRole.ASYNC_MASTER);
      case SYNC -> {
        store.setBrokerRole(BrokerRole.SYNC_MASTER);
        store.setTotalReplicas(2);
        store.setInSyncReplicas(2);
      }
    }
    return startBroker(directory, nameServerAddress, settings, port, store, MixAll.MASTER_ID);
  }

  /** Starts the slave of the master whose HA listener is on {@code masterHaPort}. */
  private static BrokerController startSlave(
      Path directory, String nameServerAddress, Settings settings, int masterHaPort) {
    MessageStoreConfig store = storeConfig(directory.resolve("slave-store"), settings);
    store.setBrokerRole(BrokerRole.SLAVE);
    store.setHaListenPort(0);
    String masterHa = "127.0.0.1:" + masterHaPort;
    store.setHaMasterAddress(masterHa);
    BrokerController slave = startBroker(directory, nameServerAddress, settings, 0, store, 1L);
    // The configured address alone left the HA client connecting to "master null": set it as the
    // name server's answer would.
    slave.getMessageStore().updateHaMasterAddress(masterHa);
    return slave;
  }

  private static MessageStoreConfig storeConfig(Path rootDirectory, Settings settings) {
    MessageStoreConfig store = new MessageStoreConfig();
    String root = rootDirectory.toString();
    store.setStorePathRootDir(root);
    store.setStorePathCommitLog(root + "/commitlog");
    store.setMappedFileSizeCommitLog(settings.commitLogFileBytes());
    store.setFlushDiskType(
        settings.syncFlush() ? FlushDiskType.SYNC_FLUSH : FlushDiskType.ASYNC_FLUSH);
    store.setMaxIndexNum(10_000);
    store.setMaxHashSlotNum(40_000);
    return store;
  }

  private static BrokerController startBroker(
      Path directory,
      String nameServerAddress,
      Settings settings,
      int port,
      MessageStoreConfig store,
      long brokerId) {
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
    // The embedded broker shares the machine's CPU with the generator (its figures are smoke
    // figures): a send that waited 200 ms in its queue behind a starved CPU, RocketMQ's default,
    // is refused as "broker busy", and a loaded CI machine saw 74 of 2,000 refused so. It waits as
    // long as the client's default send timeout instead.
    config.setWaitTimeMillsInSendQueue(SEND_QUEUE_WAIT_MILLIS);
    config.setBrokerId(brokerId);
    NettyServerConfig server = new NettyServerConfig();
    server.setBindAddress("127.0.0.1");
    server.setListenPort(port);
    BrokerController controller =
        new BrokerController(config, server, new NettyClientConfig(), store);
    String which = brokerId == MixAll.MASTER_ID ? "broker" : "slave broker";
    try {
      if (!controller.initialize()) {
        throw new IllegalStateException("the embedded RocketMQ " + which + " did not initialize");
      }
      controller.start();
    } catch (Exception e) {
      controller.shutdown();
      throw new IllegalStateException("the embedded RocketMQ " + which + " did not start", e);
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

  /** The broker's address, {@code 127.0.0.1:PORT}; the master's when there is a slave. */
  public String brokerAddress() {
    return broker.getBrokerAddr();
  }

  /** The settings this was started with. */
  public Settings settings() {
    return settings;
  }

  /** How far the master's commit log goes, in bytes. */
  public long commitLogMaxOffset() {
    return broker.getMessageStore().getMaxPhyOffset();
  }

  /**
   * How far the slave's commit log goes, in bytes: the master's once it has caught up.
   *
   * @throws IllegalStateException without a slave
   */
  public long slaveCommitLogMaxOffset() {
    return requireSlave().getMessageStore().getMaxPhyOffset();
  }

  /**
   * How many messages the slave has in {@code topic} (the sum of its consume queues' offsets): the
   * messages it has copied and indexed.
   *
   * @throws IllegalStateException without a slave
   */
  public long slaveMessageCount(String topic, int queues) {
    BrokerController s = requireSlave();
    long count = 0;
    try {
      for (int queue = 0; queue < queues; queue++) {
        count += s.getMessageStore().getMaxOffsetInQueue(topic, queue);
      }
    } catch (ConsumeQueueException e) {
      throw new IllegalStateException("cannot read the slave's consume queues of " + topic, e);
    }
    return count;
  }

  private BrokerController requireSlave() {
    BrokerController s = slave;
    if (s == null) {
      throw new IllegalStateException("this embedded RocketMQ has no slave");
    }
    return s;
  }

  /** Waits until the slave's commit log reaches the master's, or fails after {@code timeout}. */
  private void awaitSlaveCaughtUp(Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (slaveCommitLogMaxOffset() < commitLogMaxOffset()) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException(
            "the embedded RocketMQ slave did not catch up within "
                + timeout.toSeconds()
                + " s (slave at "
                + slaveCommitLogMaxOffset()
                + " of "
                + commitLogMaxOffset()
                + " bytes)");
      }
      try {
        Thread.sleep(50);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while waiting for the slave", e);
      }
    }
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
    int haPort = broker.getMessageStoreConfig().getHaListenPort();
    broker.shutdown();
    Thread.sleep(down.toMillis());
    broker = startBroker(directory, nameServerAddress(), settings, port, haPort);
    awaitReady(settings.readyTimeout());
  }

  /** True once {@link #close()} ran. */
  public boolean closed() {
    return closed;
  }

  /**
   * Stops the brokers and the name server and deletes the store (unless it is the settings' own
   * {@code storeRoot}). Idempotent.
   */
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
    if (slave != null) {
      slave.shutdown();
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
    if (settings.storeRoot() == null) {
      deleteRecursively(directory);
    }
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
