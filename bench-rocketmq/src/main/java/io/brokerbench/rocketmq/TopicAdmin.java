package io.brokerbench.rocketmq;

import io.brokerbench.spi.BrokerIdentity;
import io.brokerbench.spi.ConnectFailure;
import io.brokerbench.spi.DriverException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.common.MixAll;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.common.constant.PermName;
import org.apache.rocketmq.common.message.MessageQueue;
import org.apache.rocketmq.remoting.RPCHook;
import org.apache.rocketmq.remoting.exception.RemotingConnectException;
import org.apache.rocketmq.remoting.exception.RemotingTimeoutException;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.apache.rocketmq.remoting.protocol.body.ClusterInfo;
import org.apache.rocketmq.remoting.protocol.route.BrokerData;
import org.apache.rocketmq.remoting.protocol.route.TopicRouteData;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;

/**
 * Topic set-up through the admin API: the cluster's master brokers from the name server, topic
 * creation on each master ({@code UPDATE_AND_CREATE_TOPIC}), existence checks and deletion. Every
 * request is bounded by the admin timeout; waiting for a new route is bounded too.
 */
final class TopicAdmin {
  private static final Duration ROUTE_WAIT = Duration.ofSeconds(15);

  private final DefaultMQAdminExt admin;
  private final String nameServer;
  private final long timeoutMillis;

  private TopicAdmin(DefaultMQAdminExt admin, String nameServer, long timeoutMillis) {
    this.admin = admin;
    this.nameServer = nameServer;
    this.timeoutMillis = timeoutMillis;
  }

  /**
   * Starts an admin client and checks that the name server answers and knows a broker.
   *
   * @throws DriverException when the name server is unreachable or knows no broker
   */
  static TopicAdmin connect(String nameServer, RPCHook rpcHook, Duration timeout)
      throws DriverException {
    DefaultMQAdminExt admin =
        ClientConstruction.of(() -> new DefaultMQAdminExt(rpcHook, timeout.toMillis()));
    admin.setNamesrvAddr(nameServer);
    admin.setInstanceName("brokerbench-admin-" + ThreadLocalRandom.current().nextInt(1 << 30));
    admin.setVipChannelEnabled(false);
    admin.setEnableHeartbeatChannelEventListener(false);
    TopicAdmin topics = new TopicAdmin(admin, nameServer, timeout.toMillis());
    try {
      admin.start();
      topics.masters();
      return topics;
    } catch (DriverException e) {
      admin.shutdown();
      throw e;
    } catch (MQClientException e) {
      admin.shutdown();
      throw new DriverException("cannot start the RocketMQ admin client: " + Errors.reason(e), e);
    }
  }

  /** The admin client, for shutting it down. */
  DefaultMQAdminExt client() {
    return admin;
  }

  /**
   * Every broker's address, masters and slaves, by a name for people: the broker name, with the
   * broker id after it for a slave ({@code brokerbench-a#1}).
   */
  Map<String, String> brokers() throws DriverException {
    Map<String, String> brokers = new TreeMap<>();
    for (BrokerData broker : clusterInfo().getBrokerAddrTable().values()) {
      broker
          .getBrokerAddrs()
          .forEach(
              (id, address) ->
                  brokers.put(
                      broker.getBrokerName() + (id == MixAll.MASTER_ID ? "" : "#" + id), address));
    }
    return brokers;
  }

  /**
   * Bytes the broker at this address has appended to its commit log since it started ({@code
   * commitLogMaxOffset} of its runtime statistics).
   *
   * @throws DriverException when the broker does not answer
   */
  long commitLogBytes(String address) throws DriverException {
    try {
      return Long.parseLong(
          admin
              .fetchBrokerRuntimeStats(address)
              .getTable()
              .getOrDefault("commitLogMaxOffset", "-1"));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DriverException("interrupted while asking broker " + address, e);
    } catch (Exception e) {
      throw new DriverException(
          "broker " + address + " gave no runtime statistics (" + Errors.reason(e) + ")", e);
    }
  }

  /** Master broker addresses by broker name. */
  Map<String, String> masters() throws DriverException {
    ClusterInfo cluster = clusterInfo();
    Map<String, String> masters = new TreeMap<>();
    for (BrokerData broker : cluster.getBrokerAddrTable().values()) {
      String address = broker.getBrokerAddrs().get(MixAll.MASTER_ID);
      if (address != null) {
        masters.put(broker.getBrokerName(), address);
      }
    }
    if (masters.isEmpty()) {
      throw new DriverException(
          "no RocketMQ master broker is registered with the name server at "
              + nameServer
              + ": is a broker running and pointed at it?");
    }
    return masters;
  }

  /**
   * The version the first master broker reports ({@code brokerVersionDesc} of its runtime
   * information), or {@link BrokerIdentity#UNKNOWN} when it cannot be asked.
   */
  BrokerIdentity brokerIdentity() {
    try {
      for (String address : masters().values()) {
        String version = admin.fetchBrokerRuntimeStats(address).getTable().get("brokerVersionDesc");
        return new BrokerIdentity("Apache RocketMQ", version);
      }
    } catch (Exception e) {
      // The version is for the report only; a broker that will not say is still benchmarked.
    }
    return new BrokerIdentity("Apache RocketMQ", null);
  }

  private ClusterInfo clusterInfo() throws DriverException {
    try {
      return admin.examineBrokerClusterInfo();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DriverException("interrupted while asking the RocketMQ name server", e);
    } catch (Exception e) {
      throw nameServerFailed(e);
    }
  }

  /** The client's own connect and timeout exceptions read as the shared kinds of failure. */
  private DriverException nameServerFailed(Exception e) {
    ConnectFailure kind =
        e instanceof RemotingConnectException
            ? ConnectFailure.REFUSED
            : e instanceof RemotingTimeoutException
                ? ConnectFailure.TIMED_OUT
                : ConnectFailure.of(e);
    String message =
        switch (kind) {
          case REFUSED, UNKNOWN_HOST ->
              "cannot reach the RocketMQ name server at "
                  + nameServer
                  + " ("
                  + Errors.reason(e)
                  + "): is it running? give its address with -n HOST:PORT";
          case TIMED_OUT ->
              "the RocketMQ name server at "
                  + nameServer
                  + " did not answer in time: is it running?";
          case TLS_HANDSHAKE, OTHER ->
              "the RocketMQ name server at " + nameServer + " failed: " + Errors.reason(e);
        };
    return new DriverException(message, e);
  }

  /**
   * Creates or updates a topic with this many read and write queues on every master broker, and
   * waits until the name server routes it.
   */
  void create(String topic, int queues) throws DriverException {
    TopicConfig config =
        new TopicConfig(topic, queues, queues, PermName.PERM_READ | PermName.PERM_WRITE);
    for (Map.Entry<String, String> master : masters().entrySet()) {
      try {
        admin.createAndUpdateTopicConfig(master.getValue(), config);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new DriverException("interrupted while creating topic '" + topic + "'", e);
      } catch (Exception e) {
        throw new DriverException(
            "cannot create topic '"
                + topic
                + "' on broker "
                + master.getKey()
                + " at "
                + master.getValue()
                + ": "
                + Errors.reason(e),
            e);
      }
    }
    awaitRoute(topic);
  }

  private void awaitRoute(String topic) throws DriverException {
    long deadline = System.nanoTime() + ROUTE_WAIT.toNanos();
    while (!exists(topic)) {
      if (System.nanoTime() > deadline) {
        throw new DriverException(
            "topic '"
                + topic
                + "' was created but the name server at "
                + nameServer
                + " did not route it within "
                + ROUTE_WAIT.toSeconds()
                + " s");
      }
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new DriverException("interrupted while waiting for topic '" + topic + "'", e);
      }
    }
  }

  /**
   * The end of each queue of a topic, as the broker stores it: the offset the next message written
   * to the queue will get.
   *
   * @throws DriverException when the broker cannot be asked
   */
  Map<MessageQueue, Long> queueEnds(String topic) throws DriverException {
    try {
      Map<MessageQueue, Long> ends = new HashMap<>();
      admin
          .examineTopicStats(topic)
          .getOffsetTable()
          .forEach((queue, offsets) -> ends.put(queue, offsets.getMaxOffset()));
      return ends;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DriverException("interrupted while asking for the queues of '" + topic + "'", e);
    } catch (Exception e) {
      throw new DriverException(
          "cannot ask the broker for the queues of '" + topic + "': " + Errors.reason(e), e);
    }
  }

  /**
   * True when every master broker lists this client among the producer group's connections (it had
   * the client's heartbeat): any of them may take a reply and push it to the client. False when one
   * lists it not, or cannot say yet.
   */
  boolean knowsProducer(String group, String clientId) throws DriverException {
    for (String address : masters().values()) {
      try {
        if (admin
            .getDefaultMQAdminExtImpl()
            .getMqClientInstance()
            .getMQClientAPIImpl()
            .getProducerConnectionList(address, group, timeoutMillis)
            .getConnectionSet()
            .stream()
            .noneMatch(connection -> clientId.equals(connection.getClientId()))) {
          return false;
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new DriverException("interrupted while asking broker " + address, e);
      } catch (Exception e) {
        // The broker knows no producer of the group yet ("not exist"), or did not answer.
        return false;
      }
    }
    return true;
  }

  /** True when the name server routes the topic to at least one queue. */
  boolean exists(String topic) throws DriverException {
    try {
      TopicRouteData route = admin.examineTopicRouteInfo(topic);
      return route != null && !route.getQueueDatas().isEmpty();
    } catch (MQClientException e) {
      if (e.getResponseCode() == ResponseCode.TOPIC_NOT_EXIST) {
        return false;
      }
      throw new DriverException(
          "cannot look up topic '" + topic + "' at " + nameServer + ": " + Errors.reason(e), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DriverException("interrupted while looking up topic '" + topic + "'", e);
    } catch (Exception e) {
      throw new DriverException(
          "cannot look up topic '" + topic + "' at " + nameServer + ": " + Errors.reason(e), e);
    }
  }

  /**
   * Deletes topics from every master broker and the name server.
   *
   * @throws DriverException naming the topics that could not be deleted
   */
  void delete(List<String> topics) throws DriverException {
    if (topics.isEmpty()) {
      return;
    }
    Set<String> brokers = Set.copyOf(masters().values());
    Set<String> nameServers = Set.of(nameServer.split(";"));
    List<String> failed = new ArrayList<>();
    Exception last = null;
    for (String topic : topics) {
      try {
        admin.deleteTopicInBroker(brokers, topic);
        admin.deleteTopicInNameServer(nameServers, topic);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new DriverException("interrupted while deleting topics", e);
      } catch (Exception e) {
        failed.add(topic);
        last = e;
      }
    }
    if (!failed.isEmpty()) {
      throw new DriverException(
          "cannot delete topic(s) " + failed + ": " + Errors.reason(last), last);
    }
  }
}
