package io.brokerbench.internal;

import io.brokerbench.latency.LatencyRecorder;
import io.brokerbench.latency.PayloadStamp;
import io.brokerbench.rate.NanoClock;
import io.brokerbench.rate.OpenLoopSchedule;
import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.OutgoingMessage;
import io.brokerbench.spi.Producer;
import io.brokerbench.spi.SendListener;
import io.brokerbench.spi.SendOutcome;
import io.brokerbench.workload.Workload;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

/**
 * One producer's send loop (on its own thread) and its {@link SendListener} (on driver threads).
 *
 * <p>Per message: take the intended time from the schedule, wait for it, wait for a slot in the
 * in-flight window, stamp, register, send, record the slip. Nothing allocates. Before every wait,
 * and when the loop ends, the driver's producer is told to {@link Producer#flush() flush}, so sends
 * issued back to back can share a socket write while a waiting producer leaves nothing unsent.
 */
final class ProducerTask implements Runnable, SendListener {
  private static final long MAX_SLEEP_NANOS = 50_000_000;

  private final int index;
  private final int producerId;
  private final Workload workload;
  private final NanoClock clock;
  private final RunControl control;
  private final LatencyRecorder.Writer slip;
  private final RunRecorders recorders;
  private final long limit;
  private final boolean consumed;

  final AtomicLong sent = new AtomicLong();
  final LongAdder confirmed = new LongAdder();
  final LongAdder rejected = new LongAdder();
  final LongAdder released = new LongAdder();
  final LongAdder modified = new LongAdder();
  final LongAdder failed = new LongAdder();
  final LongAdder returned = new LongAdder();

  /** Attempts the driver made again after a failed one; not messages (see {@link #onRetried}). */
  final LongAdder retried = new LongAdder();

  private volatile long skipped;

  private Producer producer;
  private ConfirmWindow window;
  private Thread thread;
  private long startNanos;
  private long endNanos;

  ProducerTask(
      int index,
      int producerId,
      Workload workload,
      NanoClock clock,
      RunControl control,
      RunRecorders recorders,
      boolean consumed) {
    this.index = index;
    this.producerId = producerId;
    this.workload = workload;
    this.clock = clock;
    this.control = control;
    this.recorders = recorders;
    this.slip = recorders.writer(recorders.slip);
    this.limit = workload.messagesPerProducer();
    this.consumed = consumed;
  }

  /** Creates the thread and the confirm window; the driver's producer is attached next. */
  Thread prepare(Producer producer) {
    this.producer = producer;
    this.thread = new Thread(this, "brokerbench-producer-" + index);
    this.thread.setDaemon(true);
    if (workload.inFlightWindow() > 0) {
      window =
          new ConfirmWindow(
              workload.inFlightWindow(),
              recorders.writer(recorders.confirm),
              recorders.writer(recorders.confirmFromSend),
              thread);
    }
    return thread;
  }

  /** Sets when sending starts and ends ({@link NanoClock#nanoTime()} values). */
  void schedule(long startNanos, long endNanos) {
    this.startNanos = startNanos;
    this.endNanos = endNanos;
  }

  @Override
  public void run() {
    try {
      sendLoop();
    } catch (DriverException e) {
      control.fail(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void sendLoop() throws DriverException, InterruptedException {
    OutgoingMessage message = new OutgoingMessage(workload.messageBytes());
    OpenLoopSchedule schedule =
        new OpenLoopSchedule(workload.rate(), workload.producers(), workload.catchUp(), startNanos);
    long epochOffset = clock.epochOffsetNanos();
    long sequence = 0;
    while (!control.stopping() && (limit == 0 || sequence < limit)) {
      long intended;
      long sentNanos;
      if (schedule.unlimitedNow()) {
        if (!awaitWindow()) {
          break;
        }
        // No schedule: the send is intended the moment it may start, so one clock read serves.
        intended = schedule.next(clock.nanoTime());
        sentNanos = intended;
      } else {
        intended = schedule.next(clock.nanoTime());
        if (intended >= endNanos || !sleepUntil(intended)) {
          break;
        }
        if (!awaitWindow()) {
          break;
        }
        sentNanos = clock.nanoTime();
      }
      if (intended >= endNanos) {
        break;
      }
      long slip = sentNanos - intended;
      PayloadStamp.encode(message.stamp(), 0, producerId, sequence, intended + epochOffset, slip);
      message.sequence(sequence);
      if (window != null) {
        window.register(sequence, intended, sentNanos);
      }
      if (!send(message)) {
        if (window != null) {
          window.cancel(sequence);
        }
        break;
      }
      this.slip.record(slip);
      sequence++;
      sent.lazySet(sequence);
    }
    producer.flush();
    skipped = schedule.skipped();
  }

  /** Waits for a slot in the in-flight window; true when there is one. */
  private boolean awaitWindow() throws DriverException {
    if (window == null || window.hasCapacity()) {
      return true;
    }
    // The confirms that free a slot can only come for sends that left.
    producer.flush();
    return window.awaitCapacity(control, endNanos);
  }

  private boolean sleepUntil(long deadlineNanos) throws InterruptedException, DriverException {
    long now = clock.nanoTime();
    if (now < deadlineNanos) {
      producer.flush();
    }
    for (; now < deadlineNanos; now = clock.nanoTime()) {
      if (control.stopping()) {
        return false;
      }
      clock.sleepUntil(Math.min(deadlineNanos, now + MAX_SLEEP_NANOS));
    }
    return !control.stopping();
  }

  private boolean send(OutgoingMessage message) throws DriverException {
    if (producer.trySend(message)) {
      return true;
    }
    return sendSlowPath(message);
  }

  private boolean sendSlowPath(OutgoingMessage message) throws DriverException {
    producer.flush();
    int attempts = 0;
    while (!control.stopping() && clock.nanoTime() < endNanos) {
      if (++attempts < 100) {
        Thread.onSpinWait();
      } else {
        LockSupport.parkNanos(20_000);
      }
      if (producer.trySend(message)) {
        return true;
      }
    }
    return false;
  }

  @Override
  public void onConfirm(long sequence, boolean multiple, SendOutcome outcome) {
    int count =
        window == null
            ? 1
            : window.confirm(sequence, multiple, clock.nanoTime(), outcome == SendOutcome.ACCEPTED);
    switch (outcome) {
      case ACCEPTED -> confirmed.add(count);
      case REJECTED -> rejected.add(count);
      case RELEASED -> released.add(count);
      case MODIFIED -> modified.add(count);
      case FAILED -> failed.add(count);
    }
  }

  @Override
  public void onRetried(long sequence) {
    retried.increment();
  }

  @Override
  public void onReturned(byte[] stamp, int offset) {
    returned.increment();
  }

  @Override
  public void onFailure(DriverException failure) {
    control.fail(failure);
  }

  /** Messages the broker took and the consumers should receive. */
  long accepted() {
    return sent.get()
        - rejected.sum()
        - released.sum()
        - modified.sum()
        - failed.sum()
        - returned.sum();
  }

  /** Sent messages not yet confirmed (always 0 without confirms). */
  long unconfirmed() {
    return window == null ? 0 : window.outstanding();
  }

  long skipped() {
    return skipped;
  }

  boolean consumed() {
    return consumed;
  }

  Producer producer() {
    return producer;
  }

  /** The in-flight window, or null without confirms. */
  ConfirmWindow confirmWindow() {
    return window;
  }

  Thread thread() {
    return thread;
  }
}
