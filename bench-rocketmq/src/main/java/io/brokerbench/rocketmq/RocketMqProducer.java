package io.brokerbench.rocketmq;

import io.brokerbench.rocketmq.RocketMqConfig.SendMode;
import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.OutgoingMessage;
import io.brokerbench.spi.Producer;
import io.brokerbench.spi.SendListener;
import io.brokerbench.spi.SendOutcome;
import java.util.concurrent.ConcurrentMap;
import org.apache.rocketmq.client.impl.producer.TopicPublishInfo;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.message.Message;

/**
 * Sends one core producer's messages through the driver's shared {@link DefaultMQProducer}, in one
 * of three modes:
 *
 * <ul>
 *   <li>async: {@code send(msg, callback)} with a ring of {@link SendSlot}s, one per message the
 *       core may have in flight (its window, rounded up to a power of two; {@value
 *       #SLOTS_WITHOUT_WINDOW} without confirms). {@link #trySend} returns false when the next slot
 *       is still held by the client;
 *   <li>sync: {@code send(msg)} with one slot blocks in {@link #trySend} and confirms before
 *       returning, a closed loop per producer thread like the RocketMQ tool's {@code -w} threads;
 *   <li>oneway: {@code sendOneway(msg)}, confirmed at once. The client may still be writing the
 *       previous body when {@code sendOneway} returns, so each oneway send gets a fresh body array.
 * </ul>
 *
 * <p>Async and sync sends that fail are sent again as the {@link RetryPolicy} allows, each retry
 * counted ({@link RetryingSend}); oneway sends have no answer to retry on. With {@code batch} above
 * 1, async and sync sends go through a {@link BatchSender} instead.
 */
final class RocketMqProducer implements Producer {
  static final int SLOTS_WITHOUT_WINDOW = 1_024;

  private final RocketMqDriver driver;
  private final DefaultMQProducer client;
  private final SendMode mode;
  private final SendListener listener;
  private final MessageStamper stamper;
  private final SendSlot[] slots;
  private final int mask;
  private final Message onewayMessage;
  private final BatchSender batch;
  private final ConcurrentMap<String, TopicPublishInfo> routes;
  private long next;
  private volatile boolean closed;

  @SuppressWarnings("deprecation") // getDefaultMQProducerImpl: the only way to the client's routes
  RocketMqProducer(
      RocketMqDriver driver,
      DefaultMQProducer client,
      RocketMqConfig config,
      MessageStamper stamper,
      int window,
      int bodyBytes,
      SendListener listener) {
    this.driver = driver;
    this.client = client;
    this.mode = config.sendMode();
    this.listener = listener;
    this.stamper = stamper;
    this.routes = client.getDefaultMQProducerImpl().getTopicPublishInfoTable();
    RetryPolicy policy =
        new RetryPolicy(config.retries(), config.sendTimeout(), client.getRetryResponseCodes());
    if (config.batchSize() > 1) {
      batch =
          new BatchSender(
              client,
              policy,
              stamper,
              listener,
              mode == SendMode.ASYNC,
              config.batchLinger().toNanos(),
              config.batchSize(),
              window,
              bodyBytes);
      slots = null;
      mask = 0;
      onewayMessage = null;
    } else if (mode != SendMode.ONEWAY) {
      batch = null;
      int wanted = window > 0 ? window : SLOTS_WITHOUT_WINDOW;
      int capacity =
          mode == SendMode.SYNC ? 1 : Integer.highestOneBit(Math.max(1, wanted - 1)) << 1;
      slots = new SendSlot[capacity];
      for (int i = 0; i < capacity; i++) {
        slots[i] = new SendSlot(client, policy, stamper.newMessage(bodyBytes), listener);
      }
      mask = capacity - 1;
      onewayMessage = null;
    } else {
      batch = null;
      slots = null;
      mask = 0;
      onewayMessage = stamper.newMessage(bodyBytes);
    }
  }

  @Override
  public boolean trySend(OutgoingMessage message) throws DriverException {
    if (closed) {
      throw new DriverException("the RocketMQ producer was closed");
    }
    if (batch != null) {
      return batch.add(message);
    }
    return switch (mode) {
      case ASYNC -> sendAsync(message);
      case SYNC -> sendSync(message);
      case ONEWAY -> sendOneway(message);
    };
  }

  /** Async sends without batching: the client's I/O thread that answers one may send the next. */
  @Override
  public boolean sendsOnConfirm() {
    return mode == SendMode.ASYNC && batch == null;
  }

  /**
   * On the client's I/O thread: sends as {@link #trySend} does while the client knows the topic's
   * route. Without it, the client would ask the name server and wait for the answer, which this
   * thread itself has to read, so the producer thread sends instead.
   */
  @Override
  public boolean trySendOnConfirm(OutgoingMessage message) throws DriverException {
    TopicPublishInfo route = routes.get(slots[0].message().getTopic());
    return route != null && route.ok() && !closed && sendAsync(message);
  }

  private boolean sendAsync(OutgoingMessage message) throws DriverException {
    SendSlot slot = slots[(int) next & mask];
    if (slot.busy()) {
      return false;
    }
    next++;
    stamper.stamp(message, slot.message());
    slot.arm(message.sequence());
    try {
      slot.sendAsync();
    } catch (Exception e) {
      slot.complete(RetryingSend.outcome(e));
      throwIfFatal(e);
    }
    return true;
  }

  private boolean sendSync(OutgoingMessage message) throws DriverException {
    SendSlot slot = slots[0];
    stamper.stamp(message, slot.message());
    slot.arm(message.sequence());
    try {
      slot.onSuccess(slot.sendSync());
    } catch (Exception e) {
      slot.complete(RetryingSend.outcome(e));
      throwIfFatal(e);
    }
    return true;
  }

  private boolean sendOneway(OutgoingMessage message) throws DriverException {
    onewayMessage.setBody(new byte[message.body().length]);
    stamper.stamp(message, onewayMessage);
    try {
      client.sendOneway(onewayMessage);
      listener.onConfirm(message.sequence(), false, SendOutcome.ACCEPTED);
    } catch (Exception e) {
      listener.onConfirm(message.sequence(), false, RetryingSend.outcome(e));
      throwIfFatal(e);
    }
    return true;
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
    return batch;
  }

  @Override
  public void close() {
    closed = true;
  }
}
