package io.brokerbench.rocketmq;

import io.brokerbench.spi.OutgoingMessage;
import io.brokerbench.spi.SendListener;
import io.brokerbench.spi.SendOutcome;
import java.util.ArrayList;
import java.util.List;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.common.message.Message;

/**
 * The batch send path: collects up to {@code batchSize} messages and sends them with one {@code
 * send(Collection, callback)} request, async or sync. A batch also goes out when its first message
 * waited {@code lingerNanos}, checked by the driver's flusher thread, so the last partial batch of
 * a run is sent too.
 *
 * <p>Implementation notes: batches live in a ring of {@link Batch} sends, each with its own {@link
 * Message} objects, held from the first message stamped into it until its outcome. The client
 * encodes a batch into one new body inside {@code send}, but a failed batch is sent again as the
 * {@link RetryPolicy} allows (each of its messages counting a retry), so its messages must outlive
 * {@code send}; a batch's outcome confirms each of its messages. The producer thread and the
 * flusher share the filling batch under a lock, held only for copying a message (and for the send
 * itself when a batch is full).
 */
final class BatchSender implements SendPath {
  private final DefaultMQProducer client;
  private final MessageStamper stamper;
  private final SendListener listener;
  private final boolean async;
  private final long lingerNanos;
  private final Batch[] batches;
  private final int mask;
  private long nextBatch;
  private Batch filling;
  private long fillingSinceNanos;

  BatchSender(
      DefaultMQProducer client,
      RetryPolicy policy,
      MessageStamper stamper,
      SendListener listener,
      boolean async,
      long lingerNanos,
      int batchSize,
      int window,
      int bodyBytes) {
    this.client = client;
    this.stamper = stamper;
    this.listener = listener;
    this.async = async;
    this.lingerNanos = lingerNanos;
    int wanted = (window > 0 ? window : SLOTS_WITHOUT_WINDOW) / batchSize + 2;
    int capacity = Integer.highestOneBit(Math.max(1, wanted - 1)) << 1;
    this.batches = new Batch[capacity];
    for (int i = 0; i < capacity; i++) {
      batches[i] = new Batch(policy, batchSize, bodyBytes);
    }
    this.mask = capacity - 1;
  }

  /**
   * Producer thread: adds a message to the filling batch, sending it when full.
   *
   * @return false when every batch is still held by the client
   */
  @Override
  public synchronized boolean trySend(OutgoingMessage message) {
    if (filling == null) {
      Batch next = batches[(int) nextBatch & mask];
      if (next.busy()) {
        return false;
      }
      nextBatch++;
      filling = next;
      next.firstSequence = message.sequence();
      next.count = 0;
      fillingSinceNanos = System.nanoTime();
    }
    Batch batch = filling;
    stamper.stamp(message, batch.messages[batch.count++]);
    if (batch.count == batch.messages.length) {
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
    batch.view.clear();
    for (int i = 0; i < batch.count; i++) {
      batch.view.add(batch.messages[i]);
    }
    batch.begin();
    try {
      if (async) {
        batch.sendAsync();
      } else {
        batch.onSuccess(batch.sendSync());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      batch.complete(RetryingSend.outcome(e));
    } catch (Exception e) {
      batch.complete(RetryingSend.outcome(e));
    }
  }

  /** One batch: its messages, first sequence number and size. */
  private final class Batch extends RetryingSend {
    final Message[] messages;
    final List<Message> view;
    long firstSequence;
    int count;

    Batch(RetryPolicy policy, int batchSize, int bodyBytes) {
      super(policy);
      this.messages = new Message[batchSize];
      for (int i = 0; i < batchSize; i++) {
        messages[i] = stamper.newMessage(bodyBytes);
      }
      this.view = new ArrayList<>(batchSize);
    }

    @Override
    void attemptAsync(long timeoutMillis) throws Exception {
      client.send(view, this, timeoutMillis);
    }

    @Override
    SendResult attemptSync(long timeoutMillis) throws Exception {
      return client.send(view, timeoutMillis);
    }

    /** A producer's sequence numbers are consecutive, so a batch is a range. */
    @Override
    void retried() {
      for (int i = 0; i < count; i++) {
        listener.onRetried(firstSequence + i);
      }
    }

    @Override
    void complete(SendOutcome outcome) {
      long first = firstSequence;
      int n = count;
      release();
      for (int i = 0; i < n; i++) {
        listener.onConfirm(first + i, false, outcome);
      }
    }
  }
}
