package io.brokerbench.amqp10;

import io.brokerbench.spi.SendListener;
import io.brokerbench.spi.SendOutcome;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.qpid.protonj2.client.DeliveryState;
import org.apache.qpid.protonj2.client.Tracker;
import org.apache.qpid.protonj2.engine.OutgoingDelivery;

/**
 * One sender's unsettled deliveries: a ring of protonj2 deliveries (client {@link Tracker}s or
 * engine {@link OutgoingDelivery}s) indexed by the message's sequence number.
 *
 * <p>Usage:
 *
 * <pre>{@code
 * SettlementRing<Tracker> ring = new SettlementRing<>(window, SettlementRing.TRACKERS);
 * ring.add(sequence, sender.trySend(message));     // producer thread
 * ring.reportSettled(listener);                     // settling thread: confirms in order
 * }</pre>
 *
 * <p>Implementation notes: RabbitMQ and Qpid settle a link's deliveries in order, and the core's
 * in-flight window guarantees at most {@code window} outstanding messages, so a power-of-two ring
 * of at least that size never overwrites a slot still in use. The producer writes the slot (a plain
 * store) and then the volatile {@code published} count, which publishes the slot to the settling
 * thread; that thread clears the slot before calling {@link SendListener#onConfirm}, since the
 * confirm frees the core's window slot for the next send. A delivery settled out of order waits
 * until those before it are settled: its confirm latency is then overstated, never understated.
 * Nothing here allocates.
 *
 * @param <T> the library's handle of one sent delivery
 */
final class SettlementRing<T> {
  /** How to read a delivery handle's settlement. */
  interface Settlement<T> {
    /** True when the broker settled the delivery. */
    boolean remotelySettled(T delivery);

    /** The broker's outcome of a settled delivery. */
    SendOutcome outcome(T delivery);
  }

  /** Settlement of protonj2-client trackers. */
  static final Settlement<Tracker> TRACKERS =
      new Settlement<>() {
        @Override
        public boolean remotelySettled(Tracker tracker) {
          return tracker.remoteSettled();
        }

        @Override
        public SendOutcome outcome(Tracker tracker) {
          DeliveryState state = tracker.remoteState();
          return state == null ? SendOutcome.ACCEPTED : clientOutcome(state.getType());
        }
      };

  /** Settlement of protonj2 engine deliveries. */
  static final Settlement<OutgoingDelivery> DELIVERIES =
      new Settlement<>() {
        @Override
        public boolean remotelySettled(OutgoingDelivery delivery) {
          return delivery.isRemotelySettled();
        }

        @Override
        public SendOutcome outcome(OutgoingDelivery delivery) {
          org.apache.qpid.protonj2.types.transport.DeliveryState state = delivery.getRemoteState();
          return state == null ? SendOutcome.ACCEPTED : engineOutcome(state.getType());
        }
      };

  private final Object[] slots;
  private final int mask;
  private final Settlement<T> settlement;
  private final AtomicLong published = new AtomicLong();
  private long next;

  /** A ring for at most {@code window} unsettled deliveries. */
  SettlementRing(int window, Settlement<T> settlement) {
    int capacity = Integer.highestOneBit(Math.max(1, window - 1)) << 1;
    this.slots = new Object[capacity];
    this.mask = capacity - 1;
    this.settlement = settlement;
  }

  /**
   * Producer thread: the message with this sequence number was sent as {@code delivery}. The first
   * one sets where settlements start: 0, or where the run's sequence is for a producer opened again
   * after a lost connection.
   */
  void add(long sequence, T delivery) {
    if (published.get() == 0) {
      // Published below, before the settling thread can read it.
      next = sequence;
    }
    slots[(int) sequence & mask] = delivery;
    published.set(sequence + 1);
  }

  /**
   * Settling thread: confirms, in order, every delivery the broker settled so far.
   *
   * @return how many deliveries were confirmed
   */
  int reportSettled(SendListener listener) {
    long limit = published.get();
    int count = 0;
    while (next < limit) {
      int slot = (int) next & mask;
      T delivery = slot(slot);
      if (!settlement.remotelySettled(delivery)) {
        break;
      }
      SendOutcome outcome = settlement.outcome(delivery);
      slots[slot] = null;
      listener.onConfirm(next, false, outcome);
      next++;
      count++;
    }
    return count;
  }

  /** Settling thread: the oldest delivery not yet confirmed, or null when none is outstanding. */
  T oldest() {
    return next < published.get() ? slot((int) next & mask) : null;
  }

  /** Settling thread: the sequence number of {@link #oldest()}. */
  long oldestSequence() {
    return next;
  }

  @SuppressWarnings("unchecked")
  private T slot(int slot) {
    return (T) slots[slot];
  }

  static SendOutcome clientOutcome(DeliveryState.Type type) {
    return switch (type) {
      case ACCEPTED -> SendOutcome.ACCEPTED;
      case REJECTED -> SendOutcome.REJECTED;
      case RELEASED -> SendOutcome.RELEASED;
      case MODIFIED -> SendOutcome.MODIFIED;
      case TRANSACTIONAL -> SendOutcome.FAILED;
    };
  }

  static SendOutcome engineOutcome(
      org.apache.qpid.protonj2.types.transport.DeliveryState.DeliveryStateType type) {
    return switch (type) {
      case Accepted -> SendOutcome.ACCEPTED;
      case Rejected -> SendOutcome.REJECTED;
      case Released -> SendOutcome.RELEASED;
      case Modified -> SendOutcome.MODIFIED;
      case Declared, Received, Transactional -> SendOutcome.FAILED;
    };
  }
}
