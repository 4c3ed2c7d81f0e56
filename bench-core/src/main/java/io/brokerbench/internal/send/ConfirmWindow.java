package io.brokerbench.internal.send;

import io.brokerbench.latency.LatencyRecorder.Writer;
import io.brokerbench.rate.NanoClock;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.LongConsumer;

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
 *
 * <p>In a request-reply run the window holds a requester's outstanding requests: a {@link #reply}
 * answers one, and a request older than the reply timeout {@link #expire expires} (timed out), its
 * sequence kept in {@code expired} so that its reply, should it still come, is told apart from a
 * duplicate.
 */
public final class ConfirmWindow {
  private final int window;
  private final int mask;
  private final long[] intendedNanos;
  private final long[] sentNanos;
  private final AtomicLongArray pending;
  private final AtomicLong oldest = new AtomicLong();

  /** {@link #reply} answered a request in time: its round trip was recorded. */
  static final int REPLIED = 0;

  /** {@link #reply} answered a request after the timeout: it counts as timed out. */
  static final int TIMED_OUT = 1;

  /** {@link #reply} answered a request already counted as timed out. */
  static final int LATE = 2;

  /** {@link #reply} answered a request answered before. */
  static final int DUPLICATE = 3;

  /** {@link #reply} answered no request of this window. */
  static final int UNEXPECTED = 4;

  private final Writer latency;
  private final long timeoutNanos;
  private final AtomicLongArray expired;
  private final Thread producerThread;
  private volatile boolean producerWaiting;
  private long next;

  /**
   * A window.
   *
   * @param latency records each accepted message's confirm latency from its intended and from its
   *     actual send time, as a pair
   */
  public ConfirmWindow(int window, Writer latency, Thread producerThread) {
    this(window, latency, producerThread, 0);
  }

  /**
   * A window of outstanding requests.
   *
   * @param timeoutNanos how long a request waits for its reply before it times out; 0 for never
   */
  ConfirmWindow(int window, Writer latency, Thread producerThread, long timeoutNanos) {
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
    this.timeoutNanos = timeoutNanos;
    this.expired = timeoutNanos > 0 ? new AtomicLongArray(capacity) : null;
    if (expired != null) {
      for (int i = 0; i < capacity; i++) {
        expired.set(i, -1);
      }
    }
  }

  /** Producer thread: true when another message may be sent now. */
  boolean hasCapacity() {
    return next - oldest.get() < window;
  }

  /**
   * Producer thread: waits until a slot is free, {@code clock} reaches the deadline or {@code stop}
   * says to give up (the run stops, the connection was lost).
   *
   * @param deadlineNanos a {@code clock} time: the run's end, as {@link ProducerTask} passes it
   * @return true when a slot is free
   */
  boolean awaitCapacity(BooleanSupplier stop, NanoClock clock, long deadlineNanos) {
    if (hasCapacity()) {
      return true;
    }
    return awaitCapacitySlowPath(stop, clock, deadlineNanos);
  }

  private boolean awaitCapacitySlowPath(BooleanSupplier stop, NanoClock clock, long deadlineNanos) {
    for (int spins = 0; spins < 100; spins++) {
      Thread.onSpinWait();
      if (hasCapacity()) {
        return true;
      }
    }
    while (!stop.getAsBoolean()) {
      producerWaiting = true;
      if (hasCapacity()) {
        producerWaiting = false;
        return true;
      }
      long now = clock.nanoTime();
      if (now >= deadlineNanos) {
        producerWaiting = false;
        return false;
      }
      // A park, not clock.sleepUntil: a confirm unparks this thread at once. The 1 ms bound is
      // how late a deadline on a clock that does not tick in real time (a test's) is noticed.
      LockSupport.parkNanos(Math.min(deadlineNanos - now, 1_000_000));
    }
    producerWaiting = false;
    return hasCapacity();
  }

  /** Producer thread: the message with this sequence is about to be sent. */
  public void register(long sequence, long intended, long sent) {
    int i = (int) sequence & mask;
    intendedNanos[i] = intended;
    sentNanos[i] = sent;
    pending.set(i, sequence);
    next = sequence + 1;
  }

  /**
   * Producer thread: the message registered last was not sent after all (the run stopped, or the
   * driver failed to send it). The window shrinks back as if it had never been registered, so it is
   * not counted as unconfirmed.
   */
  void cancel(long sequence) {
    int i = (int) sequence & mask;
    // The slot's state before the register: a message one ring earlier, long confirmed.
    if (sequence == next - 1 && pending.compareAndSet(i, sequence, ~(sequence - mask - 1))) {
      next = sequence;
    }
  }

  /**
   * Driver thread: the broker settled {@code sequence}, or with {@code multiple} every outstanding
   * message up to it.
   *
   * @return how many messages this call confirmed (0 for a repeated or unknown confirm)
   */
  public int confirm(long sequence, boolean multiple, long nowNanos, boolean recordLatency) {
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

  /**
   * Driver thread: a reply to {@code sequence} arrived.
   *
   * @return {@link #REPLIED}, {@link #TIMED_OUT}, {@link #LATE}, {@link #DUPLICATE} or {@link
   *     #UNEXPECTED}
   */
  int reply(long sequence, long nowNanos) {
    int i = (int) sequence & mask;
    int outcome;
    if (sequence >= 0 && pending.compareAndSet(i, sequence, ~sequence)) {
      if (timeoutNanos > 0 && nowNanos - sentNanos[i] > timeoutNanos) {
        expired.set(i, sequence);
        outcome = TIMED_OUT;
      } else {
        latency.record(nowNanos - intendedNanos[i], nowNanos - sentNanos[i]);
        outcome = REPLIED;
      }
      advanceOldest();
      if (producerWaiting) {
        LockSupport.unpark(producerThread);
      }
    } else if (sequence >= 0 && expired != null && expired.get(i) == sequence) {
      outcome = LATE;
    } else if (sequence >= 0 && pending.get(i) == ~sequence) {
      outcome = DUPLICATE;
    } else {
      outcome = UNEXPECTED;
    }
    return outcome;
  }

  /**
   * Any thread: requests sent more than the timeout before {@code nowNanos} and still unanswered
   * time out, oldest first.
   *
   * @return how many timed out now
   */
  int expire(long nowNanos) {
    if (timeoutNanos == 0) {
      return 0;
    }
    int count = 0;
    while (true) {
      long o = oldest.get();
      int i = (int) o & mask;
      // A pending slot's send time was published by the volatile write of its sequence.
      if (pending.get(i) != o || nowNanos - sentNanos[i] <= timeoutNanos) {
        break;
      }
      if (pending.compareAndSet(i, o, ~o)) {
        expired.set(i, o);
        count++;
      }
      advanceOldest();
    }
    if (count > 0 && producerWaiting) {
      LockSupport.unpark(producerThread);
    }
    return count;
  }

  /** The lowest sequence still awaiting its confirm or reply. Any thread. */
  long oldest() {
    return oldest.get();
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

  /**
   * Requests still awaiting their reply, counted one by one (replies come in any order, so some
   * after the oldest unanswered one may be answered). Producer thread, or any thread once it ended.
   */
  long unanswered() {
    long count = 0;
    for (long s = oldest.get(); s < next; s++) {
      if (pending.get((int) s & mask) == s) {
        count++;
      }
    }
    return count;
  }

  /**
   * Producer thread: gives up on every message awaiting its confirm (its connection was lost, so
   * the confirm cannot come); a confirm that comes all the same is ignored.
   *
   * @param each told each sequence given up
   * @return how many
   */
  long abandon(LongConsumer each) {
    long count = 0;
    for (long s = oldest.get(); s < next; s++) {
      if (pending.compareAndSet((int) s & mask, s, ~s)) {
        each.accept(s);
        count++;
      }
    }
    advanceOldest();
    return count;
  }

  /**
   * Of the messages awaiting their confirm, those {@code arrived} says a consumer received, counted
   * one by one. Any thread once the producer ended.
   */
  long outstandingArrived(java.util.function.LongPredicate arrived) {
    long count = 0;
    for (long s = oldest.get(); s < next; s++) {
      if (pending.get((int) s & mask) == s && arrived.test(s)) {
        count++;
      }
    }
    return count;
  }

  /** Messages sent and not yet confirmed. Any thread. */
  long outstanding() {
    return Math.max(0, next - oldest.get());
  }
}
