package io.brokerbench.amqp10;

import io.brokerbench.rabbitmq.QueueDeclaration;
import io.brokerbench.rabbitmq.QueueType;
import io.brokerbench.spi.DestinationSpec;
import io.brokerbench.spi.DriverException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import org.apache.qpid.protonj2.client.Connection;
import org.apache.qpid.protonj2.client.Receiver;
import org.apache.qpid.protonj2.client.ReceiverOptions;
import org.apache.qpid.protonj2.client.Session;

/**
 * The run's destinations on the broker: declares the missing RabbitMQ queues and the requesters'
 * reply queues, checks that every queue address can be received from, counts a queue's waiting
 * messages, and deletes the queues it declared.
 */
final class Destinations {
  private final Amqp10Config config;
  private final Connection control;
  private final SSLContext tls;
  private final boolean rabbitMq;
  private final boolean nativeManagement;
  private final List<String> createdQueues = new ArrayList<>();

  /**
   * @param control the driver's protonj2-client connection, for the checks and RabbitMQ 4's
   *     management
   * @param tls the TLS context for RabbitMQ 3.x's AMQP 0.9.1 connection, or null for plain AMQP
   * @param rabbitMq true when the broker is RabbitMQ
   * @param nativeManagement true when the broker is RabbitMQ 4 or later, which manages queues over
   *     AMQP 1.0 itself
   */
  Destinations(
      Amqp10Config config,
      Connection control,
      SSLContext tls,
      boolean rabbitMq,
      boolean nativeManagement) {
    this.config = config;
    this.control = control;
    this.tls = tls;
    this.rabbitMq = rabbitMq;
    this.nativeManagement = nativeManagement;
  }

  /**
   * Declares the missing queues, then checks the addresses, as {@link Amqp10Driver#declare} says.
   */
  void declare(List<DestinationSpec> destinations) throws DriverException {
    List<DestinationSpec> queues = new ArrayList<>();
    for (DestinationSpec d : destinations) {
      if (Amqp10Config.rabbitQueueOf(config.addressOf(d.name())) != null) {
        queues.add(d);
      }
    }
    if (config.declare() && rabbitMq && !queues.isEmpty()) {
      try (QueueTopology topology = topology()) {
        for (DestinationSpec d : queues) {
          String queue = Amqp10Config.rabbitQueueOf(config.addressOf(d.name()));
          // Auto-delete never: the check below attaches and detaches a receiver, which would
          // delete an auto-delete queue before the run starts.
          if (topology.declare(
              QueueDeclaration.of(queue, config.queueType(), d.durable(), false, Map.of()))) {
            createdQueues.add(queue);
          }
        }
      }
    }
    // RabbitMQ 4 refuses to attach to a missing queue: only 3.x needs the check.
    if (config.checkTarget() && !nativeManagement) {
      for (DestinationSpec d : destinations) {
        String address = config.addressOf(d.name());
        if (checkable(address)) {
          checkTarget(address);
        }
      }
    }
  }

  /**
   * A reply queue for requester {@code requesterIndex}, under a name no other run uses, declared on
   * RabbitMQ with {@code declare=true}.
   *
   * @return the queue's address
   */
  String replyQueue(int requesterIndex) throws DriverException {
    String queue =
        "brokerbench-reply-"
            + Long.toString(ThreadLocalRandom.current().nextLong(1L << 40), 36)
            + "-"
            + requesterIndex;
    // The broker's own address of a queue, whatever address the run's destinations use.
    String address =
        !rabbitMq
            ? queue
            : nativeManagement
                ? "/queues/" + Amqp10Config.percentEncoded(queue)
                : Amqp10Config.RABBITMQ3_QUEUE.replace("%s", queue);
    if (rabbitMq && config.declare()) {
      try (QueueTopology topology = topology()) {
        if (topology.declare(
            QueueDeclaration.of(queue, QueueType.CLASSIC, false, false, Map.of()))) {
          synchronized (createdQueues) {
            createdQueues.add(queue);
          }
        }
      }
    }
    return address;
  }

  /** A queue's ready messages, as {@link Amqp10Driver#messagesWaiting} says. */
  long messagesWaiting(String destination) throws DriverException {
    String queue = Amqp10Config.rabbitQueueOf(config.addressOf(destination));
    if (!rabbitMq || queue == null || config.queueType() == QueueType.STREAM) {
      return -1;
    }
    try (QueueTopology topology = topology()) {
      return topology.messagesWaiting(queue);
    }
  }

  /** Deletes the queues this driver created, unless {@code delete-queues} is false. */
  void deleteCreated() throws DriverException {
    if (!config.deleteQueues() || createdQueues.isEmpty()) {
      return;
    }
    try (QueueTopology topology = topology()) {
      for (String queue : createdQueues) {
        topology.delete(queue);
      }
    }
    createdQueues.clear();
  }

  /**
   * RabbitMQ 4's own AMQP 1.0 management, or AMQP 0.9.1 on the same port for 3.x, whose AMQP 1.0
   * plugin has none.
   */
  private QueueTopology topology() throws DriverException {
    return nativeManagement
        ? ManagementNode.open(config, control)
        : RabbitTopology.open(config, tls);
  }

  /** Exchange and topic addresses have no node a receiver could attach to. */
  private static boolean checkable(String address) {
    return !address.startsWith("/exchange/")
        && !address.startsWith("/exchanges/")
        && !address.startsWith("/topic/");
  }

  private void checkTarget(String address) throws DriverException {
    Session session = null;
    try {
      session = control.openSession();
      Receiver probe = session.openReceiver(address, new ReceiverOptions().creditWindow(0));
      probe.openFuture().get(config.connectTimeout().toMillis(), TimeUnit.MILLISECONDS);
      probe.close();
    } catch (Exception e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      if (Errors.connectionLost(e)) {
        throw Errors.of(config, "checking address '" + address + "'", e);
      }
      throw new DriverException(
          "address '"
              + address
              + "' cannot be received from ("
              + Errors.brokerText(e)
              + "): a missing queue silently drops every message sent to it; declare it"
              + " (declare=true on RabbitMQ), fix the address, or skip this check with"
              + " check-target=false",
          e);
    } finally {
      if (session != null) {
        session.closeAsync();
      }
    }
  }
}
