package io.brokerbench.spi;

import java.util.List;
import java.util.Map;

/**
 * An open connection to one broker (or cluster) for one run. Created by {@link
 * DriverProvider#open}; all methods here are set-up or tear-down and may block. They are called
 * from the runner's control thread, never concurrently with each other.
 */
public interface Driver extends AutoCloseable {

  /** What this driver is connected to, for the report. Never contains a password. */
  DriverDescription description();

  /**
   * Consumers the broker counts on a destination now. The run asks before it {@linkplain #declare
   * declares} its destinations and starts its own consumers: consumers already there are another
   * client's, which would take a share of the run's messages, counted as lost; the run warns of
   * them or refuses the destination. A driver that cannot ask returns -1 (the default), and the run
   * says nothing: the amqp10 and rocketmq drivers do not ask (AMQP 1.0 has no such count; a
   * RocketMQ topic's consumer groups are another matter).
   *
   * @param destination a destination name as the run will give it to {@link #declare}
   * @return the consumers, 0 when the destination does not exist yet, or -1 when not known
   * @throws DriverException when asking failed
   */
  default int consumersOf(String destination) throws DriverException {
    return -1;
  }

  /**
   * Makes sure the destinations exist (declaring them, or checking predeclared ones).
   *
   * @throws DriverException when a destination cannot be declared or is missing, naming it
   */
  void declare(List<DestinationSpec> destinations) throws DriverException;

  /**
   * Creates a producer. The listener is called from the driver's I/O threads for every message the
   * producer sent, once the broker settled it (or at once when the producer does not ask for
   * confirms).
   */
  Producer createProducer(ProducerSpec spec, SendListener listener) throws DriverException;

  /**
   * Creates a consumer and starts consuming. The listener is called from the driver's delivery
   * threads; calls for one consumer never overlap (a driver whose client delivers on several
   * threads at once serializes the calls).
   */
  Consumer createConsumer(ConsumerSpec spec, DeliveryListener listener) throws DriverException;

  /**
   * Creates a requester for a request-reply run: a producer whose every message is a request with a
   * reply address and a correlation id, and whose replies reach {@code replies}. The requests are
   * sent as {@link #createProducer} sends messages; {@code spec}'s window is 0 (requests are not
   * confirmed: the reply is their answer).
   *
   * @throws DriverException when the driver has no request-reply (the default) or the requester
   *     cannot be set up
   */
  default Producer createRequester(ProducerSpec spec, SendListener listener, ReplyListener replies)
      throws DriverException {
    throw new DriverException(
        "driver '" + description().driver() + "' has no request-reply: choose another driver");
  }

  /**
   * Creates a replier for a request-reply run and starts consuming: a consumer that, after the
   * listener saw a request, sends the request's body back to the request's reply address with its
   * correlation id, then acknowledges the request as {@code spec} says.
   *
   * @throws DriverException when the driver has no request-reply (the default) or the replier
   *     cannot be set up
   */
  default Consumer createReplier(ConsumerSpec spec, DeliveryListener listener)
      throws DriverException {
    throw new DriverException(
        "driver '" + description().driver() + "' has no request-reply: choose another driver");
  }

  /**
   * Opens one connection that carries no messages, with {@code channels} channels (AMQP 0.9.1) or
   * sessions (AMQP 1.0), for a many-connections run. May be called from several threads at once.
   * The driver must not spend a thread per connection: a run may hold tens of thousands.
   *
   * @param index the connection's number in the run, for its name
   * @throws DriverException when the connection or one of its channels cannot be opened, or the
   *     driver cannot hold idle connections (the default)
   */
  default IdleConnection openIdleConnection(int index, int channels) throws DriverException {
    throw new DriverException(
        "driver '"
            + description().driver()
            + "' cannot open idle connections: choose another driver for --connections");
  }

  /**
   * The memory the broker uses now, for a many-connections run's broker memory per connection.
   * Bounded by the connect timeout.
   *
   * @return the reading, or null when the driver has no way to ask its broker (the default)
   * @throws DriverException when the driver has ways to ask but none answered, saying which it
   *     tried and how to enable one
   */
  default BrokerMemory brokerMemory() throws DriverException {
    return null;
  }

  /**
   * A reader of the broker's own load (CPU, memory, network, disk, queue depth, alarms), which the
   * run samples every interval on a thread of its own.
   *
   * @return the reader, or null when the driver has no way to read its broker (the default; an
   *     embedded broker shares the generator's process and cannot be told apart)
   */
  default BrokerLoadReader brokerLoad() {
    return null;
  }

  /**
   * Where each producer and consumer connected, when the driver spreads them over several nodes or
   * places them by where their queue lives: {@code "producer 0"} → a node, for the report. Empty
   * (the default) when there is nothing to tell.
   */
  default Map<String, String> clientNodes() {
    return Map.of();
  }

  /**
   * Messages ready in a destination now, as the broker counts them (a queue's depth), so that at
   * the end of a run messages still queued are told apart from lost ones, and consumers that share
   * a destination with other runs or shards do not stop while it holds messages for them. Called at
   * the end of the run: once such consumers have gone quiet, and after the drain, before {@link
   * #cleanup}. The run waits 5 s at most for the answers of all its destinations and then says the
   * depth is unknown, leaving the call behind: a driver bounds it by its own timeouts as well.
   *
   * @param destination a destination name as given to {@link #declare}
   * @return the count, or -1 when the driver cannot ask the broker (the default)
   * @throws DriverException when asking failed
   */
  default long messagesWaiting(String destination) throws DriverException {
    return -1;
  }

  /**
   * Why a consumer sees one producer's messages out of order although none is lost, when the broker
   * keeps their order only within parts of a destination (RocketMQ: within each queue of a topic);
   * null (the default) when a destination keeps each producer's order, so that an out-of-order
   * count is news. The run says it beside the count.
   */
  default String outOfOrderReason() {
    return null;
  }

  /** Deletes what {@link #declare} created, where the driver declared it and the user asked. */
  void cleanup() throws DriverException;

  /** Closes every connection and stops anything the driver started. Idempotent. */
  @Override
  void close() throws DriverException;
}
