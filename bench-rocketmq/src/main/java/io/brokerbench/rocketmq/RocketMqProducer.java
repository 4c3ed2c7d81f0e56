package io.brokerbench.rocketmq;

import io.brokerbench.rocketmq.RocketMqConfig.SendMode;
import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.OutgoingMessage;
import io.brokerbench.spi.Producer;
import io.brokerbench.spi.SendListener;
import org.apache.rocketmq.client.producer.DefaultMQProducer;

/**
 * Sends one core producer's messages through the driver's shared {@link DefaultMQProducer}, along
 * the {@link SendPath} of the configured send mode, chosen once when the producer is made:
 *
 * <ul>
 *   <li>{@link AsyncSendRing}: {@code send(msg, callback)}, as many in flight as the core's window;
 *   <li>{@link SyncSend}: {@code send(msg)}, one at a time per producer thread;
 *   <li>{@link OnewaySend}: {@code sendOneway(msg)}, confirmed when handed to the client;
 *   <li>{@link BatchSender}: with {@code batch} above 1, async or sync batches instead.
 * </ul>
 *
 * <p>A send the client refuses at once is counted as failed; the run goes on unless the thread was
 * interrupted or the driver is closing.
 */
final class RocketMqProducer implements Producer {
  private final RocketMqDriver driver;
  private final SendPath path;
  private volatile boolean closed;

  RocketMqProducer(
      RocketMqDriver driver,
      DefaultMQProducer client,
      RocketMqConfig config,
      MessageStamper stamper,
      int window,
      int bodyBytes,
      SendListener listener) {
    this.driver = driver;
    this.path = path(client, config, stamper, window, bodyBytes, listener);
  }

  private SendPath path(
      DefaultMQProducer client,
      RocketMqConfig config,
      MessageStamper stamper,
      int window,
      int bodyBytes,
      SendListener listener) {
    RetryPolicy policy =
        new RetryPolicy(config.retries(), config.sendTimeout(), client.getRetryResponseCodes());
    if (config.batchSize() > 1) {
      return new BatchSender(
          client,
          policy,
          stamper,
          listener,
          config.sendMode() == SendMode.ASYNC,
          config.batchLinger().toNanos(),
          config.batchSize(),
          window,
          bodyBytes);
    }
    return switch (config.sendMode()) {
      case ASYNC ->
          new AsyncSendRing(
              client, policy, stamper, window, bodyBytes, listener, this::throwIfFatal);
      case SYNC -> new SyncSend(client, policy, stamper, bodyBytes, listener, this::throwIfFatal);
      case ONEWAY -> new OnewaySend(client, stamper, bodyBytes, listener, this::throwIfFatal);
    };
  }

  @Override
  public boolean trySend(OutgoingMessage message) throws DriverException {
    if (closed) {
      throw new DriverException("the RocketMQ producer was closed");
    }
    return path.trySend(message);
  }

  /** Async sends without batching: the client's I/O thread that answers one may send the next. */
  @Override
  public boolean sendsOnConfirm() {
    return path.sendsOnConfirm();
  }

  /** On the client's I/O thread: sends as {@link #trySend} does when the send path can. */
  @Override
  public boolean trySendOnConfirm(OutgoingMessage message) throws DriverException {
    return !closed && path.trySendOnConfirm(message);
  }

  /**
   * A send the client refused at once was counted as failed; the run goes on unless the thread was
   * interrupted or the driver is closing.
   */
  private void throwIfFatal(Exception e) throws DriverException {
    if (e instanceof InterruptedException) {
      Thread.currentThread().interrupt();
      throw new DriverException("interrupted while sending to RocketMQ", e);
    }
    if (closed || driver.closing()) {
      throw new DriverException("the RocketMQ producer was closed during a send", e);
    }
  }

  /** The batch sender, or null without batching. */
  BatchSender batchSender() {
    return path instanceof BatchSender batch ? batch : null;
  }

  @Override
  public void close() {
    closed = true;
  }
}
