package io.brokerbench.loopback;

import io.brokerbench.spi.DeliveryListener;
import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.OutgoingMessage;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;

/**
 * One destination: a bounded multi-producer ring of stamps and one delivery thread that hands them
 * to the subscribed consumers in turn.
 *
 * <p>Implementation notes: a producer claims slot {@code t} by compare-and-set on {@code tail},
 * copies the stamp in and publishes {@code t + 1} in {@code published[t & mask]} (a volatile store,
 * then it unparks the delivery thread if that is parked). The delivery thread waits for that value
 * at {@code head}, calls the listener with the ring's own array (no copy), and advances {@code
 * head}, which producers read to see free space. With no subscriber, messages wait in the ring. In
 * inline mode there is no thread: {@link #offer} delivers under a lock on the caller's thread, or
 * discards when nobody subscribed.
 */
final class LoopbackQueue {
  private static final int STAMP = OutgoingMessage.STAMP_BYTES;
  // An idle delivery thread spins, then parks until a producer unparks it. Both sides write then
  // read (the thread: deliveryParked, then the slot; a producer: the slot, then deliveryParked),
  // each with volatile semantics, so at least one sees the other's write and no message waits for
  // a wake-up that never comes. The park is still bounded, as every wait is. An ordered publish
  // with a 50 us park instead cost an idle queue 20,000 wake-ups a second: 0.19 s of CPU per
  // second of a rate-limited run (most of a one-message run beyond start-up).
  private static final int IDLE_SPINS = 1_000;
  private static final long IDLE_PARK_NANOS = 10_000_000;

  private final boolean inline;
  private final int capacity;
  private final int mask;
  private final byte[] stamps;
  private final AtomicLongArray published;
  private final AtomicLong tail = new AtomicLong();
  private final AtomicLong head = new AtomicLong();
  private final Thread delivery;
  private volatile DeliveryListener[] subscribers = new DeliveryListener[0];
  private volatile boolean running = true;
  private volatile boolean deliveryParked;
  private int nextInline;

  LoopbackQueue(String name, LoopbackOptions options) {
    this.inline = options.inline();
    this.capacity = options.queueCapacity();
    this.mask = capacity - 1;
    this.stamps = new byte[capacity * STAMP];
    this.published = new AtomicLongArray(capacity);
    if (inline) {
      delivery = null;
    } else {
      delivery = new Thread(this::deliverLoop, "loopback-" + name);
      delivery.setDaemon(true);
      delivery.start();
    }
  }

  /**
   * Enqueues one stamp; any producer thread.
   *
   * @return false when the ring is full
   */
  boolean offer(byte[] stamp, int offset) {
    if (inline) {
      deliverInline(stamp, offset);
      return true;
    }
    long t;
    do {
      t = tail.get();
      if (t - head.get() >= capacity) {
        return false;
      }
    } while (!tail.compareAndSet(t, t + 1));
    int slot = (int) t & mask;
    System.arraycopy(stamp, offset, stamps, slot * STAMP, STAMP);
    published.set(slot, t + 1);
    if (deliveryParked) {
      LockSupport.unpark(delivery);
    }
    return true;
  }

  private synchronized void deliverInline(byte[] stamp, int offset) {
    DeliveryListener[] subs = subscribers;
    if (subs.length > 0) {
      subs[nextInline++ % subs.length].onDelivery(
          stamp, offset, false, DeliveryListener.NO_TIMESTAMP);
    }
  }

  private void deliverLoop() {
    long h = head.get();
    int next = 0;
    int idle = 0;
    while (running) {
      int slot = (int) h & mask;
      DeliveryListener[] subs = subscribers;
      if (subs.length > 0 && published.get(slot) == h + 1) {
        if (next >= subs.length) {
          next = 0;
        }
        subs[next++].onDelivery(stamps, slot * STAMP, false, DeliveryListener.NO_TIMESTAMP);
        h++;
        head.lazySet(h);
        idle = 0;
      } else if (++idle < IDLE_SPINS) {
        Thread.onSpinWait();
      } else {
        deliveryParked = true;
        if (published.get(slot) != h + 1 || subs.length == 0) {
          LockSupport.parkNanos(IDLE_PARK_NANOS);
        }
        deliveryParked = false;
      }
    }
  }

  synchronized void subscribe(DeliveryListener listener) {
    DeliveryListener[] subs = Arrays.copyOf(subscribers, subscribers.length + 1);
    subs[subs.length - 1] = listener;
    subscribers = subs;
    if (delivery != null) {
      LockSupport.unpark(delivery); // messages may be waiting for a first subscriber
    }
  }

  synchronized void unsubscribe(DeliveryListener listener) {
    subscribers =
        Arrays.stream(subscribers).filter(l -> l != listener).toArray(DeliveryListener[]::new);
  }

  /** Messages taken and not yet delivered: the ring's depth, 0 when delivering inline. */
  long waiting() {
    return tail.get() - head.get();
  }

  /** Unsubscribes every consumer, telling each its connection is lost. */
  void dropSubscribers(DriverException lost) {
    DeliveryListener[] dropped;
    synchronized (this) {
      dropped = subscribers;
      subscribers = new DeliveryListener[0];
    }
    for (DeliveryListener listener : dropped) {
      listener.onFailure(lost);
    }
  }

  void stop() {
    running = false;
    if (delivery != null) {
      LockSupport.unpark(delivery);
      try {
        delivery.join(1_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
