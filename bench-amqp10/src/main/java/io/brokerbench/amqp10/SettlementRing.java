package io.brokerbench.amqp10;

import io.brokerbench.spi.SendListener;
import io.brokerbench.spi.SendOutcome;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.qpid.protonj2.client.DeliveryState;
import org.apache.qpid.protonj2.client.Tracker;

/**
 * One sender's unsettled deliveries: a ring of protonj2 {@link Tracker}s indexed by the message's
 * sequence number, written by the producer thread and read by the settlement thread.
 *
 * <p>Usage:
 *
 * <pre>{@code
 * ring.add(sequence, sender.trySend(message));     // producer thread
 * ring.reportSettled(listener);                     // settlement thread: confirms in order
 * }</pre>
 *
 * <p>Implementation notes: RabbitMQ and Qpid settle a link's deliveries in order, and the core's
 * in-flight window guarantees at most {@code window} outstanding messages, so a power-of-two ring
 * of at least that size never overwrites a slot still in use. The producer writes the slot (a plain
 * store) and then the volatile {@code published} count, which publishes the slot to the settlement
 * thread; that thread clears the slot before calling {@link SendListener#onConfirm}, since the
 * confirm frees the core's window slot for the next send. A delivery settled out of order waits
 * until those before it are settled: its confirm latency is then overstated, never understated.
 * Nothing here allocates.
 */
final class SettlementRing {
  private final Tracker[] trackers;
  private final int mask;
  private final AtomicLong published = new AtomicLong();
  private long next;

  /** A ring for at most {@code window} unsettled deliveries. */
  SettlementRing(int window) {
    int capacity = Integer.highestOneBit(Math.max(1, window - 1)) << 1;
    this.trackers = new Tracker[capacity];
    this.mask = capacity - 1;
  }

  /** Producer thread: the message with this sequence number was sent and is tracked by this. */
  void add(long sequence, Tracker tracker) {
    trackers[(int) sequence & mask] = tracker;
    published.set(sequence + 1);
  }

  /**
   * Settlement thread: confirms, in order, every delivery the broker settled so far.
   *
   * @return how many deliveries were confirmed
   */
  int reportSettled(SendListener listener) {
    long limit = published.get();
    int count = 0;
    while (next < limit) {
      int slot = (int) next & mask;
      Tracker tracker = trackers[slot];
      if (!tracker.remoteSettled()) {
        break;
      }
      SendOutcome outcome = outcome(tracker.remoteState());
      trackers[slot] = null;
      listener.onConfirm(next, false, outcome);
      next++;
      count++;
    }
    return count;
  }

  /** Settlement thread: the oldest tracker not yet confirmed, or null when none is outstanding. */
  Tracker oldest() {
    return next < published.get() ? trackers[(int) next & mask] : null;
  }

  /** Settlement thread: the sequence number of {@link #oldest()}. */
  long oldestSequence() {
    return next;
  }

  /** Maps an AMQP 1.0 outcome; settled without an outcome counts as accepted (the default). */
  static SendOutcome outcome(DeliveryState state) {
    if (state == null) {
      return SendOutcome.ACCEPTED;
    }
    return switch (state.getType()) {
      case ACCEPTED -> SendOutcome.ACCEPTED;
      case REJECTED -> SendOutcome.REJECTED;
      case RELEASED -> SendOutcome.RELEASED;
      case MODIFIED -> SendOutcome.MODIFIED;
      case TRANSACTIONAL -> SendOutcome.FAILED;
    };
  }
}
