package io.brokerbench.amqp091;

import com.rabbitmq.client.BlockedListener;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Return;
import com.rabbitmq.client.ShutdownSignalException;
import com.rabbitmq.client.impl.AMQConnection;
import io.brokerbench.amqp091.Amqp091Config.ReplyTo;
import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.OutgoingMessage;
import io.brokerbench.spi.Producer;
import io.brokerbench.spi.ProducerSpec;
import io.brokerbench.spi.ReplyListener;
import io.brokerbench.spi.SendListener;
import io.brokerbench.spi.SendOutcome;
import java.io.IOException;

/**
 * Publishes on its own channel. With confirms, the channel is in confirm mode and {@link
 * ConfirmTranslator} maps the broker's acks and nacks to sequence numbers (the channel's delivery
 * tags count from its first publish, one per publish); without, each message is reported confirmed
 * as soon as it was handed to the connection. Returned (unroutable mandatory) messages and a closed
 * channel reach the listener.
 *
 * <p>Its send path is chosen once, when it is made. On a blocking-socket connection a publish is
 * the producer's {@link PublishFrames} rewritten and written into the connection's buffer ({@link
 * DirectPublishPath}); otherwise (NIO) it is amqp-client's {@code basicPublish} ({@link
 * ClientPublishPath}). Either way publishes reach the socket in bursts: they stay in the
 * connection's buffer ({@link PublishFlushDeferral} for {@code basicPublish}) until the core calls
 * {@link #flush()} before it waits. With confirms a send checks the delivery tag against the
 * sequence number ({@link ConfirmedSend}); without, it reports the message confirmed ({@link
 * UnconfirmedSend}).
 *
 * <p>A requester's messages carry a reply address and a correlation id; its replies are consumed on
 * its channel by a {@link ReplyConsumer}.
 *
 * <p>{@code trySend} never answers "no capacity": AMQP 0.9.1 has no publish credit, the core's
 * window bounds unconfirmed messages, and a publish blocks while TCP or the broker's flow control
 * pushes back.
 */
final class Amqp091Producer implements Producer {
  private final ConnectionPool.Lease lease;
  private final AMQConnection connection;
  private final SendListener listener;
  private final BlockedListener blocked;
  private final PublishPath publishPath;
  private final SendPath sendPath;
  private final boolean sendsOnConfirm;
  private final String name;
  private volatile boolean closing;

  /**
   * A requester's replies: where they go and who hears them.
   *
   * @param to the kind of reply address
   * @param listener the core's listener for the replies
   */
  record Replies(ReplyTo to, ReplyListener listener) {}

  private Amqp091Producer(
      ConnectionPool.Lease lease,
      ProducerSpec spec,
      SendListener listener,
      String exchange,
      String routingKey,
      boolean mandatory,
      Replies replies)
      throws IOException {
    this.lease = lease;
    Channel channel = lease.channel();
    this.connection = (AMQConnection) channel.getConnection();
    this.listener = listener;
    // connection.blocked: the broker's memory or disk alarm holds every publisher on it.
    this.blocked = connection.addBlockedListener(listener::onBlocked, listener::onUnblocked);
    // A requester consumes its replies before its first request can be answered.
    String replyTo =
        replies == null ? null : ReplyConsumer.start(channel, replies.to(), replies.listener());
    PublishEncoder encoder =
        new PublishEncoder(
            spec.persistent(),
            spec.bodyBytes(),
            replyTo,
            replyTo == null ? null : "brokerbench-requester-" + spec.producerIndex());
    this.name =
        "producer "
            + spec.producerIndex()
            + " (exchange '"
            + exchange
            + "', routing key '"
            + routingKey
            + "')";
    boolean direct = TunedConnectionFactory.writesFramesInline(connection);
    if (spec.confirms()) {
      channel.confirmSelect();
      ConfirmTranslator confirms = new ConfirmTranslator(listener);
      channel.addConfirmListener(confirms::acked, confirms::nacked);
      this.sendPath = new ConfirmedSend(confirms);
    } else {
      this.sendPath = new UnconfirmedSend();
    }
    // Made after confirm.select: the direct path counts delivery tags from the channel's first.
    this.publishPath =
        direct
            ? new DirectPublishPath(
                channel,
                connection,
                new PublishFrames(
                    channel.getChannelNumber(),
                    connection.getFrameMax(),
                    exchange,
                    routingKey,
                    mandatory,
                    encoder.template(),
                    spec.bodyBytes()))
            : new ClientPublishPath(channel, exchange, routingKey, mandatory, encoder);
    this.sendsOnConfirm = direct && spec.confirms();
    channel.addReturnListener(this::returned);
    channel.addShutdownListener(this::channelClosed);
  }

  /**
   * Sets up a producer on a leased channel, a requester when {@code replies} is given; releases the
   * lease when that fails.
   */
  static Amqp091Producer create(
      ConnectionPool.Lease lease,
      ProducerSpec spec,
      SendListener listener,
      String exchange,
      String routingKey,
      boolean mandatory,
      Replies replies)
      throws DriverException {
    try {
      return new Amqp091Producer(lease, spec, listener, exchange, routingKey, mandatory, replies);
    } catch (IOException | RuntimeException e) {
      lease.release();
      throw Amqp091Errors.operationFailed(
          "set up producer " + spec.producerIndex() + " on " + lease.address().endpoint(), e);
    }
  }

  @Override
  public boolean trySend(OutgoingMessage message) throws DriverException {
    sendPath.send(message);
    return true;
  }

  /**
   * With confirms on a blocking-socket connection: the connection's reader thread, which hears the
   * confirm, writes the next publishes itself (a socket write, as on the producer thread) instead
   * of waking the producer thread for them. NIO connections keep every send on the producer thread:
   * their I/O thread must not wait for room in its own write queue.
   */
  @Override
  public boolean sendsOnConfirm() {
    return sendsOnConfirm;
  }

  @Override
  public boolean trySendOnConfirm(OutgoingMessage message) throws DriverException {
    return trySend(message);
  }

  /** What a send does around the publish; chosen once, by whether the channel confirms. */
  private interface SendPath {
    void send(OutgoingMessage message) throws DriverException;
  }

  /** With confirms: the broker's delivery tag must stay in step with the sequence number. */
  private final class ConfirmedSend implements SendPath {
    private final ConfirmTranslator confirms;

    ConfirmedSend(ConfirmTranslator confirms) {
      this.confirms = confirms;
    }

    @Override
    public void send(OutgoingMessage message) throws DriverException {
      long sequence = message.sequence();
      long deliveryTag = publishPath.nextDeliveryTag();
      if (!confirms.inStep(sequence, deliveryTag)) {
        throw outOfStep(sequence, deliveryTag);
      }
      publish(message);
    }
  }

  /** Without confirms: a message counts as confirmed once it is handed to the connection. */
  private final class UnconfirmedSend implements SendPath {
    @Override
    public void send(OutgoingMessage message) throws DriverException {
      long sequence = message.sequence();
      publish(message);
      listener.onConfirm(sequence, false, SendOutcome.ACCEPTED);
    }
  }

  private void publish(OutgoingMessage message) throws DriverException {
    try {
      publishPath.publish(message);
    } catch (IOException | ShutdownSignalException e) {
      throw Amqp091Errors.closedWhileRunning(name, lease.address(), e);
    }
  }

  /** Writes out the publishes {@link PublishFlushDeferral} left in the connection's buffer. */
  @Override
  public void flush() throws DriverException {
    try {
      connection.flush();
    } catch (IOException | ShutdownSignalException e) {
      throw Amqp091Errors.closedWhileRunning(name, lease.address(), e);
    }
  }

  private DriverException outOfStep(long sequence, long deliveryTag) {
    return new DriverException(
        name
            + ": delivery tag "
            + deliveryTag
            + " is out of step with sequence "
            + sequence
            + " (a message was sent twice or skipped)");
  }

  private void returned(Return returned) {
    listener.onReturned(PublishEncoder.stampOf(returned.getBody(), returned.getProperties()), 0);
  }

  private void channelClosed(ShutdownSignalException cause) {
    if (!closing && !cause.isInitiatedByApplication()) {
      listener.onFailure(Amqp091Errors.closedWhileRunning(name, lease.address(), cause));
    }
  }

  /** The broker this producer's connection goes to. */
  BrokerAddress address() {
    return lease.address();
  }

  @Override
  public void close() {
    closing = true;
    connection.removeBlockedListener(blocked);
    lease.release();
  }
}
