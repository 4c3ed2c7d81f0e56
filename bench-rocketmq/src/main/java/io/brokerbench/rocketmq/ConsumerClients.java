package io.brokerbench.rocketmq;

import io.brokerbench.rocketmq.RocketMqConfig.ConsumeFrom;
import io.brokerbench.rocketmq.RocketMqConfig.ConsumeMode;
import io.brokerbench.spi.Consumer;
import io.brokerbench.spi.ConsumerSpec;
import io.brokerbench.spi.DeliveryListener;
import io.brokerbench.spi.DriverException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.rocketmq.client.ClientConfig;
import org.apache.rocketmq.client.consumer.DefaultLitePullConsumer;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.MessageSelector;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.ConsumeOrderlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.consumer.listener.MessageListenerOrderly;
import org.apache.rocketmq.client.consumer.store.OffsetStore;
import org.apache.rocketmq.client.consumer.store.ReadOffsetType;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.MessageQueue;
import org.apache.rocketmq.remoting.RPCHook;

/**
 * The driver's consumers, each with a client instance of its own: push consumers (concurrent or
 * orderly) or lite pull consumers, in their destination's group, which starts where a new group
 * should. The driver starts them under its own lock; {@link #messagesWaiting} takes any thread.
 */
final class ConsumerClients {
  private static final Duration ASSIGNMENT_WAIT = Duration.ofSeconds(3);

  private final RocketMqDriver driver;
  private final RocketMqConfig config;
  private final String nameServer;
  private final RPCHook rpcHook;
  private final String instanceToken;
  private final DeclaredTopics topics;
  private final TopicAdmin admin;
  private final Map<String, List<DefaultMQPushConsumer>> pushConsumers = new ConcurrentHashMap<>();
  private int consumersCreated;

  ConsumerClients(
      RocketMqDriver driver,
      RocketMqConfig config,
      String nameServer,
      RPCHook rpcHook,
      String instanceToken,
      DeclaredTopics topics,
      TopicAdmin admin) {
    this.driver = driver;
    this.config = config;
    this.nameServer = nameServer;
    this.rpcHook = rpcHook;
    this.instanceToken = instanceToken;
    this.topics = topics;
    this.admin = admin;
  }

  /**
   * Starts a consumer of the spec's destination in the destination's group, handing its messages to
   * {@code dispatcher}; a push consumer returns once it owns queues (or the wait ran out).
   *
   * @throws DriverException when the client does not start
   */
  Consumer start(ConsumerSpec spec, DeliveryDispatcher dispatcher, DeliveryListener listener)
      throws DriverException {
    String topic = spec.destination();
    String group = group(topic);
    // A fresh instance name each time: a closed consumer's client may still be stopping.
    String instanceName = "brokerbench-" + instanceToken + "-c" + consumersCreated++;
    ConsumeFrom from = consumeFrom(topic);
    MessageSelector selector =
        config.sqlFilter()
            ? MessageSelector.bySql(config.filter())
            : MessageSelector.byTag(config.filter());
    try {
      if (config.consumeMode() == ConsumeMode.LITE_PULL) {
        return litePullConsumer(spec, group, instanceName, from, selector, dispatcher, listener);
      }
      return pushConsumer(spec, group, instanceName, from, selector, dispatcher);
    } catch (MQClientException | RuntimeException e) {
      throw new DriverException(
          "cannot start a RocketMQ consumer of topic '"
              + topic
              + "' in group '"
              + group
              + "': "
              + Errors.reason(e),
          e);
    }
  }

  private Consumer pushConsumer(
      ConsumerSpec spec,
      String group,
      String instanceName,
      ConsumeFrom from,
      MessageSelector selector,
      DeliveryDispatcher dispatcher)
      throws MQClientException, DriverException {
    DefaultMQPushConsumer client =
        ClientConstruction.of(
            () -> new DefaultMQPushConsumer(group, rpcHook, new DistinctConsumersAllocation()));
    configureConsumerClient(client, instanceName);
    client.setConsumeThreadMin(config.consumeThreads());
    client.setConsumeThreadMax(config.consumeThreads());
    if (spec.prefetch() > 0) {
      client.setPullThresholdForTopic(spec.prefetch());
    }
    client.setConsumeFromWhere(consumeFromWhere(from));
    if (from == ConsumeFrom.TIMESTAMP) {
      client.setConsumeTimestamp(config.consumeTimestamp());
    }
    if (config.consumeMode() == ConsumeMode.ORDERLY) {
      client.registerMessageListener(
          (MessageListenerOrderly)
              (messages, context) -> {
                dispatcher.deliver(messages);
                return ConsumeOrderlyStatus.SUCCESS;
              });
    } else {
      client.registerMessageListener(
          (MessageListenerConcurrently)
              (messages, context) -> {
                dispatcher.deliver(messages);
                return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
              });
    }
    try {
      client.subscribe(spec.destination(), selector);
      client.start();
    } catch (MQClientException | RuntimeException e) {
      client.shutdown();
      throw e;
    }
    awaitAssignment(client);
    pushConsumers
        .computeIfAbsent(spec.destination(), t -> new CopyOnWriteArrayList<>())
        .add(client);
    return new RocketMqConsumer(driver, "consumer " + group, client::shutdown, dispatcher);
  }

  private Consumer litePullConsumer(
      ConsumerSpec spec,
      String group,
      String instanceName,
      ConsumeFrom from,
      MessageSelector selector,
      DeliveryDispatcher dispatcher,
      DeliveryListener listener)
      throws MQClientException {
    DefaultLitePullConsumer client =
        ClientConstruction.of(() -> new DefaultLitePullConsumer(group, rpcHook));
    configureConsumerClient(client, instanceName);
    client.setAutoCommit(true);
    if (spec.prefetch() > 0) {
      client.setPullThresholdForAll(spec.prefetch());
    }
    client.setConsumeFromWhere(consumeFromWhere(from));
    if (from == ConsumeFrom.TIMESTAMP) {
      client.setConsumeTimestamp(config.consumeTimestamp());
    }
    try {
      client.subscribe(spec.destination(), selector);
      client.start();
    } catch (MQClientException | RuntimeException e) {
      client.shutdown();
      throw e;
    }
    LitePullLoop loop = new LitePullLoop(client, dispatcher, listener, instanceName);
    loop.start();
    return new RocketMqConsumer(
        driver, "pull consumer " + group, loop::stopAndShutdown, dispatcher);
  }

  /**
   * Client settings common to push and pull consumers. The broker learns a consumer's subscription
   * only from its heartbeats; when the first one races with the heartbeat sent on a new connection,
   * the broker keeps an older subscription and answers every pull with "subscription is not latest"
   * until the next heartbeat, 30 s later by default. One heartbeat a second bounds that stall, and
   * without the on-connect heartbeat the race does not arise.
   */
  private void configureConsumerClient(ClientConfig client, String instanceName) {
    client.setNamesrvAddr(nameServer);
    client.setInstanceName(instanceName);
    client.setVipChannelEnabled(false);
    client.setPollNameServerInterval(1_000);
    client.setHeartbeatBrokerInterval(1_000);
    client.setEnableHeartbeatChannelEventListener(false);
  }

  /** The consumer group of a destination: shared by the consumers of that destination. */
  private String group(String topic) {
    if (config.consumerGroup() != null) {
      return topics.count() <= 1
          ? config.consumerGroup()
          : config.consumerGroup() + "_" + groupSafe(topic);
    }
    return "brokerbench_" + instanceToken + "_" + groupSafe(topic);
  }

  private static String groupSafe(String name) {
    return name.replaceAll("[^%|a-zA-Z0-9_-]", "_");
  }

  /**
   * Where a new group starts: as configured, else at the start of topics this driver created (empty
   * but for this run's messages) and at the end of others. "Last" on a new topic would race: the
   * client takes the queue's end when the broker has no offset for the group, and a message stored
   * between the two requests is skipped.
   */
  private ConsumeFrom consumeFrom(String topic) {
    if (config.consumeFrom() != null) {
      return config.consumeFrom();
    }
    return topics.createdByDriver(topic) ? ConsumeFrom.FIRST : ConsumeFrom.LAST;
  }

  private static ConsumeFromWhere consumeFromWhere(ConsumeFrom from) {
    return switch (from) {
      case FIRST -> ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET;
      case LAST -> ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET;
      case TIMESTAMP -> ConsumeFromWhere.CONSUME_FROM_TIMESTAMP;
    };
  }

  /**
   * Waits (bounded) until the consumer owns queues, so the run's first messages do not wait for a
   * rebalance, and a group's consumers have shared its queues before sending starts (a queue moved
   * between consumers mid-run is redelivered in part). A consumer left without a queue (more
   * consumers than queues) waits the whole bound. The client shows its assigned queues only through
   * its deprecated implementation object.
   */
  @SuppressWarnings("deprecation")
  private static void awaitAssignment(DefaultMQPushConsumer client) throws DriverException {
    long deadline = System.nanoTime() + ASSIGNMENT_WAIT.toNanos();
    while (client.getDefaultMQPushConsumerImpl().getRebalanceImpl().getProcessQueueTable().isEmpty()
        && System.nanoTime() < deadline) {
      try {
        Thread.sleep(20);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new DriverException("interrupted while the RocketMQ consumer started", e);
      }
    }
  }

  /**
   * Messages of the topic its push consumers have not consumed, or -1 without push consumers (see
   * {@link RocketMqDriver#messagesWaiting}).
   */
  @SuppressWarnings("deprecation") // getDefaultMQPushConsumerImpl: the only way to the offsets
  long messagesWaiting(String topic) throws DriverException {
    List<DefaultMQPushConsumer> clients = pushConsumers.get(topic);
    if (clients == null) {
      return -1;
    }
    long waiting = 0;
    for (Map.Entry<MessageQueue, Long> end : admin.queueEnds(topic).entrySet()) {
      long consumed = -1;
      for (DefaultMQPushConsumer client : clients) {
        OffsetStore offsets = client.getDefaultMQPushConsumerImpl().getOffsetStore();
        // The broker's offset for a queue the client no longer holds (moved by a rebalance).
        consumed =
            Math.max(
                consumed, offsets.readOffset(end.getKey(), ReadOffsetType.MEMORY_FIRST_THEN_STORE));
      }
      if (consumed >= 0) {
        waiting += Math.max(0, end.getValue() - consumed);
      }
    }
    return waiting;
  }
}
