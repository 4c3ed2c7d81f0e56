package io.brokerbench.amqp091;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ShutdownSignalException;
import io.brokerbench.rabbitmq.BrokerReplies;
import io.brokerbench.rabbitmq.QueueDeclaration;
import io.brokerbench.rabbitmq.QueueType;
import io.brokerbench.spi.DestinationSpec;
import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.ProducerSpec;
import io.brokerbench.workload.WorkloadException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A run's queues, their exchange and bindings: declared, counted and deleted over the
 * administrative connection's channel, except exclusive queues, which each belong to the connection
 * of its first consumer and are declared and bound there. Clean-up deletes what was declared here,
 * never predeclared objects. Set-up and tear-down only; thread-safe.
 */
final class Amqp091Topology {
  private final Amqp091Config config;
  private final QueueType queueType;
  private final Amqp091Connections connections;
  private final BrokerAddress adminAddress;
  private final List<String> declaredQueues = new ArrayList<>();
  private final Map<String, DestinationSpec> exclusiveDestinations = new HashMap<>();
  private final Map<String, ConnectionPool.Lease> exclusiveOwners = new HashMap<>();
  private String declaredExchange;
  private Channel adminChannel;

  /**
   * Topology declared through {@code connections}.
   *
   * @param connections gives the administrative connection, and exclusive queues their consumers'
   * @param adminAddress the broker the administrative connection goes to
   */
  Amqp091Topology(
      Amqp091Config config, Amqp091Connections connections, BrokerAddress adminAddress) {
    this.config = config;
    this.queueType = config.queueType();
    this.connections = connections;
    this.adminAddress = adminAddress;
  }

  /** Declares the destinations' queues (or notes exclusive ones), the exchange and bindings. */
  synchronized void declare(List<DestinationSpec> destinations) throws DriverException {
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

  /** The routing key of messages for {@code queue}: the configured one, else its name. */
  String routingKey(String queue) {
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
      throw Amqp091Errors.operationFailed("open a channel to " + adminAddress.endpoint(), e);
    }
    return adminChannel;
  }

  /**
   * A channel on the connection that owns the exclusive queue, after declaring (and binding) the
   * queue on it: the first consumer's connection, shared by the queue's later consumers as in
   * PerfTest, or a new one when that connection closed meanwhile. Declaring again is harmless on
   * the owning connection and brings back a queue that auto-delete removed.
   */
  synchronized ConnectionPool.Lease exclusiveQueueLease(String queue) throws DriverException {
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
  synchronized void checkExclusiveQueueConsumed(ProducerSpec spec) {
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

  /** The queue's consumers, as {@link Amqp091Driver#consumersOf} tells them. */
  synchronized int consumersOf(String destination) throws DriverException {
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

  /** The queue's ready messages, as {@link Amqp091Driver#messagesWaiting} tells them. */
  synchronized long messagesWaiting(String destination) throws DriverException {
    if (queueType == QueueType.STREAM || config.exclusive()) {
      return -1;
    }
    try {
      return adminChannel().queueDeclarePassive(destination).getMessageCount();
    } catch (IOException | RuntimeException e) {
      throw Amqp091Errors.operationFailed("count the messages in queue '" + destination + "'", e);
    }
  }

  /** Deletes the queues and the exchange declared here; the first failure is thrown at the end. */
  synchronized void cleanup() throws DriverException {
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
}
