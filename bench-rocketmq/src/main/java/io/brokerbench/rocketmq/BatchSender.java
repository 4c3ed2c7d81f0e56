package io.brokerbench.rocketmq;

import io.brokerbench.spi.OutgoingMessage;
import io.brokerbench.spi.SendListener;
import io.brokerbench.spi.SendOutcome;
import java.util.ArrayList;
import java.util.List;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendCallback;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.common.message.Message;

/**
 * Batch send: collects up to {@code batchSize} messages and sends them with one {@code
 * send(Collection, callback)} request, async or sync. A batch also goes out when its first message
 * waited {@code lingerNanos}, checked by the driver's flusher thread, so the last partial batch of
 * a run is sent too.
 *
 * <p>Implementation notes: the client encodes a batch into one new body inside {@code send}, so the
 * {@link Message} objects are free again when {@code send} returns and one set is reused for every
 * batch. What outlives {@code send} is the batch's range of sequence numbers, kept in a ring of
 * {@link Batch} callbacks; a batch's callback confirms each of its messages with the batch's
 * outcome. The producer thread and the flusher share the filling batch under a lock, held only for
 * copying a message (and for the send itself when a batch is full).
 */
final class BatchSender {
  private final DefaultMQProducer client;
  private final MessageStamper stamper;
  private final SendListener listener;
  private final boolean async;
  private final long timeoutMillis;
  private final long lingerNanos;
  private final Message[] messages;
  private final List<Message> view;
  private final Batch[] batches;
  private final int mask;
  private long nextBatch;
  private Batch filling;
  private int count;
  private long fillingSinceNanos;

  BatchSender(
      DefaultMQProducer client,
      MessageStamper stamper,
      SendListener listener,
      boolean async,
      long timeoutMillis,
      long lingerNanos,
      int batchSize,
      int window,
      int bodyBytes) {
    this.client = client;
    this.stamper = stamper;
    this.listener = listener;
    this.async = async;
    this.timeoutMillis = timeoutMillis;
    this.lingerNanos = lingerNanos;
    this.messages = new Message[batchSize];
    for (int i = 0; i < batchSize; i++) {
      messages[i] = stamper.newMessage(bodyBytes);
    }
    this.view = new ArrayList<>(batchSize);
    int wanted = (window > 0 ? window : RocketMqProducer.SLOTS_WITHOUT_WINDOW) / batchSize + 2;
    int capacity = Integer.highestOneBit(Math.max(1, wanted - 1)) << 1;
    this.batches = new Batch[capacity];
    for (int i = 0; i < capacity; i++) {
      batches[i] = new Batch();
    }
    this.mask = capacity - 1;
  }

  /**
   * Producer thread: adds a message to the filling batch, sending it when full.
   *
   * @return false when every batch is still held by the client
   */
  synchronized boolean add(OutgoingMessage message) {
    if (filling == null) {
      Batch next = batches[(int) nextBatch & mask];
      if (next.busy) {
        return false;
      }
      nextBatch++;
      filling = next;
      next.firstSequence = message.sequence();
      count = 0;
      fillingSinceNanos = System.nanoTime();
    }
    stamper.stamp(message, messages[count++]);
    if (count == messages.length) {
      sendFilling();
    }
    return true;
  }

  /** Flusher thread: sends the filling batch if its first message waited long enough. */
  synchronized void flushIfLingered(long nowNanos) {
    if (filling != null && nowNanos - fillingSinceNanos >= lingerNanos) {
      sendFilling();
    }
  }

  private void sendFilling() {
    Batch batch = filling;
    filling = null;
    batch.count = count;
    batch.busy = true;
    view.clear();
    for (int i = 0; i < count; i++) {
      view.add(messages[i]);
    }
    try {
      if (async) {
        client.send(view, batch, timeoutMillis);
      } else {
        batch.onSuccess(client.send(view, timeoutMillis));
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      batch.onException(e);
    } catch (Exception e) {
      batch.onException(e);
    }
  }

  /** One batch in flight: its first sequence number and size, and its callback. */
  private final class Batch implements SendCallback {
    long firstSequence;
    int count;
    volatile boolean busy;

    @Override
    public void onSuccess(SendResult result) {
      complete(SendSlot.outcome(result.getSendStatus()));
    }

    @Override
    public void onException(Throwable failure) {
      complete(SendSlot.outcome(failure));
    }

    /** A producer's sequence numbers are consecutive, so a batch is a range. */
    private void complete(SendOutcome outcome) {
      long first = firstSequence;
      int n = count;
      busy = false;
      for (int i = 0; i < n; i++) {
        listener.onConfirm(first + i, false, outcome);
      }
    }
  }
}
