package io.brokerbench.internal;

import io.brokerbench.latency.LatencyRecorder.Writer;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;

/**
 * Bounds a producer's unconfirmed messages and measures their confirm latency (PerfTest's confirm
 * semaphore, without per-message objects).
 *
 * <p>The producer thread {@link #awaitCapacity waits for a free slot}, {@link #register registers}
 * a message before sending it, and driver threads {@link #confirm confirm} single messages or every
 * outstanding message up to a sequence number ({@code multiple}).
 *
 * <p>Implementation notes: slots form a ring of {@code capacity} (a power of two at least the
 * window) indexed by {@code sequence & mask}. {@code pending[i]} holds the sequence number while
 * the message is outstanding and its bitwise complement once confirmed, so a stale slot is never
 * taken for a current one. The volatile write of {@code pending} publishes the plain writes of the
 * send times to the confirming thread. Confirmations may come from several threads (RocketMQ
 * callbacks): each slot is claimed by compare-and-set, and {@code oldest} (the lowest unconfirmed
 * sequence) advances by compare-and-set too. A slot is reused only after {@code oldest} passed it.
 */
final class ConfirmWindow {
  private final int window;
  private final int mask;
  private final long[] intendedNanos;
  private final long[] sentNanos;
  private final AtomicLongArray pending;
  private final AtomicLong oldest = new AtomicLong();
  private final Writer latency;
  private final Thread producerThread;
  private volatile boolean producerWaiting;
  private long next;

  /**
   * A window.
   *
   * @param latency records each accepted message's confirm latency from its intended and from its
   *     actual send time, as a pair
   */
  ConfirmWindow(int window, Writer latency, Thread producerThread) {
    int capacity = Integer.highestOneBit(Math.max(1, window - 1)) << 1;
    this.window = window;
    this.mask = capacity - 1;
    this.intendedNanos = new long[capacity];
    this.sentNanos = new long[capacity];
    this.pending = new AtomicLongArray(capacity);
    for (int i = 0; i < capacity; i++) {
      pending.set(i, ~(long) (i - capacity));
    }
    this.latency = latency;
    this.producerThread = producerThread;
  }

  /** Producer thread: true when another message may be sent now. */
  boolean hasCapacity() {
    return next - oldest.get() < window;
  }

  /**
   * Producer thread: waits until a slot is free, the deadline passes or {@code stop} is set.
   *
   * @return true when a slot is free
   */
  boolean awaitCapacity(RunControl control, long deadlineNanos) {
    if (hasCapacity()) {
      return true;
    }
    return awaitCapacitySlowPath(control, deadlineNanos);
  }

  private boolean awaitCapacitySlowPath(RunControl control, long deadlineNanos) {
    for (int spins = 0; spins < 100; spins++) {
      Thread.onSpinWait();
      if (hasCapacity()) {
        return true;
      }
    }
    while (!control.stopping()) {
      producerWaiting = true;
      if (hasCapacity()) {
        producerWaiting = false;
        return true;
      }
      long now = System.nanoTime();
      if (now >= deadlineNanos) {
        producerWaiting = false;
        return false;
      }
      LockSupport.parkNanos(Math.min(deadlineNanos - now, 1_000_000));
    }
    producerWaiting = false;
    return hasCapacity();
  }

  /** Producer thread: the message with this sequence is about to be sent. */
  void register(long sequence, long intended, long sent) {
    int i = (int) sequence & mask;
    intendedNanos[i] = intended;
    sentNanos[i] = sent;
    pending.set(i, sequence);
    next = sequence + 1;
  }

  /** Producer thread: the registered message was not sent after all (the run stopped). */
  void cancel(long sequence) {
    pending.compareAndSet((int) sequence & mask, sequence, ~sequence);
    advanceOldest();
  }

  /**
   * Driver thread: the broker settled {@code sequence}, or with {@code multiple} every outstanding
   * message up to it.
   *
   * @return how many messages this call confirmed (0 for a repeated or unknown confirm)
   */
  int confirm(long sequence, boolean multiple, long nowNanos, boolean recordLatency) {
    int confirmed = 0;
    if (multiple) {
      for (long s = oldest.get(); s <= sequence; s++) {
        confirmed += confirmOne(s, nowNanos, recordLatency);
      }
    } else {
      confirmed = confirmOne(sequence, nowNanos, recordLatency);
    }
    advanceOldest();
    if (producerWaiting) {
      LockSupport.unpark(producerThread);
    }
    return confirmed;
  }

  private int confirmOne(long sequence, long nowNanos, boolean recordLatency) {
    int i = (int) sequence & mask;
    if (!pending.compareAndSet(i, sequence, ~sequence)) {
      return 0;
    }
    if (recordLatency) {
      latency.record(nowNanos - intendedNanos[i], nowNanos - sentNanos[i]);
    }
    return 1;
  }

  private void advanceOldest() {
    while (true) {
      long o = oldest.get();
      if (pending.get((int) o & mask) != ~o) {
        return;
      }
      oldest.compareAndSet(o, o + 1);
    }
  }

  /** Messages sent and not yet confirmed. Any thread. */
  long outstanding() {
    return Math.max(0, next - oldest.get());
  }
}
