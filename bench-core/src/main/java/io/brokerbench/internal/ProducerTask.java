package io.brokerbench.internal;

import io.brokerbench.latency.LatencyRecorder;
import io.brokerbench.latency.PayloadStamp;
import io.brokerbench.rate.NanoClock;
import io.brokerbench.rate.OpenLoopSchedule;
import io.brokerbench.result.MessageCounts;
import io.brokerbench.result.NotAccepted;
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
 *
 * <p>Without a rate limit and with a producer that {@link Producer#sendsOnConfirm() sends on
 * confirm}, a full window is refilled by the thread whose confirmation freed the slot: the loop's
 * state passes to it through a {@link SendLoopOwnership} while the producer thread waits. The send
 * is then intended the moment the slot freed, as on the producer thread.
 */
final class ProducerTask implements Runnable, SendListener {
  private static final long MAX_SLEEP_NANOS = 50_000_000;
  private static final long OWNERSHIP_POLL_NANOS = 10_000_000;

  private final int index;
  private final int producerId;
  private final Workload workload;
  private final NanoClock clock;
  private final RunControl control;
  private final LatencyRecorder.Writer slip;
  private final RunRecorders recorders;
  private final long limit;
  private final boolean consumed;
  private final FlowControlLog flowControl;

  final AtomicLong sent = new AtomicLong();
  final LongAdder confirmed = new LongAdder();
  final LongAdder rejected = new LongAdder();
  final LongAdder released = new LongAdder();
  final LongAdder modified = new LongAdder();
  final LongAdder failed = new LongAdder();
  final LongAdder returned = new LongAdder();

  /** Attempts the driver made again after a failed one; not messages (see {@link #onRetried}). */
  final LongAdder retried = new LongAdder();

  private Producer producer;
  private ConfirmWindow window;
  private boolean sendsOnConfirm;
  private SendLoopOwnership ownership;
  private Thread thread;

  // The send loop's state; whoever holds the ownership reads and writes it.
  private OutgoingMessage message;
  private OpenLoopSchedule schedule;
  private long epochOffsetNanos;
  private long sequence;
  private boolean handedBack;
  private long startNanos;
  private long endNanos;

  ProducerTask(
      int index,
      int producerId,
      Workload workload,
      NanoClock clock,
      RunControl control,
      RunRecorders recorders,
      FlowControlLog flowControl,
      boolean consumed) {
    this.index = index;
    this.flowControl = flowControl;
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
    this.ownership = new SendLoopOwnership(thread);
    if (workload.inFlightWindow() > 0) {
      window =
          new ConfirmWindow(workload.inFlightWindow(), recorders.writer(recorders.confirm), thread);
      sendsOnConfirm = producer.sendsOnConfirm();
    }
    return thread;
  }

  /** Sets when sending starts and ends ({@link NanoClock#nanoTime()} values). */
  void schedule(long startNanos, long endNanos) {
    this.startNanos = startNanos;
    this.endNanos = endNanos;
    // Created before the producer and reporting threads start, which makes it visible to both.
    this.schedule =
        new OpenLoopSchedule(workload.rate(), workload.producers(), workload.catchUp(), startNanos);
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
    message = new OutgoingMessage(workload.messageBytes());
    epochOffsetNanos = clock.epochOffsetNanos();
    while (!control.stopping() && (limit == 0 || sequence < limit)) {
      if (handedBack) {
        // A confirm thread stamped and registered this message, but could not send it there.
        handedBack = false;
        if (!send(message)) {
          window.cancel(sequence);
          break;
        }
        sent(0);
        continue;
      }
      long intended;
      long sentNanos;
      if (schedule.unlimitedNow()) {
        if (sendsOnConfirm && !window.hasCapacity()) {
          producer.flush();
          if (!awaitConfirmThreadSends()) {
            break;
          }
          // Confirm threads may have sent, reached the end or handed a message back: look again.
          continue;
        }
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
      long slip = stampAndRegister(intended, sentNanos);
      if (!send(message)) {
        if (window != null) {
          window.cancel(sequence);
        }
        break;
      }
      sent(slip);
    }
    if (handedBack) {
      window.cancel(sequence);
    }
    producer.flush();
  }

  /** Stamps and registers the next message; returns its slip (how late it leaves). */
  private long stampAndRegister(long intended, long sentNanos) {
    long slip = sentNanos - intended;
    PayloadStamp.encode(
        message.stamp(), 0, producerId, sequence, intended + epochOffsetNanos, slip);
    message.sequence(sequence);
    if (window != null) {
      window.register(sequence, intended, sentNanos);
    }
    return slip;
  }

  private void sent(long slip) {
    this.slip.record(slip);
    sequence++;
    sent.lazySet(sequence);
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

  /**
   * Producer thread, window full, no rate limit: leaves the sends to the threads whose
   * confirmations make room ({@link #sendOnConfirm}) until one of them hands the loop back, there
   * is room no confirm thread took, or the run stops or runs out of time.
   *
   * @return false when the run stopped or ran out of time
   */
  private boolean awaitConfirmThreadSends() {
    ownership.openToConfirms();
    while (true) {
      boolean over = control.stopping() || clock.nanoTime() >= endNanos;
      if ((over || window.hasCapacity()) && ownership.reclaim()) {
        return !over;
      }
      if (ownership.heldByProducerThread()) {
        return true;
      }
      // A confirm thread that hands the loop back unparks this one; the timeout only bounds how
      // late a stop or the end of the run is noticed.
      LockSupport.parkNanos(OWNERSHIP_POLL_NANOS);
    }
  }

  /**
   * A confirm thread that took the loop: sends while the window has room, as the producer thread
   * would, then leaves the loop to the next confirmation, or hands it back when the run ends or the
   * driver cannot send here.
   */
  private void sendOnConfirm() {
    boolean holding = true;
    try {
      do {
        while (window.hasCapacity()) {
          if (!sendNextOnConfirm()) {
            return;
          }
        }
        producer.flush();
        ownership.leaveOpen();
        // A confirmation that came while this thread held the loop found it taken: look again.
        holding = window.hasCapacity() && ownership.tryTake();
      } while (holding);
    } catch (DriverException e) {
      control.fail(e);
    } finally {
      if (holding) {
        ownership.handBack();
      }
    }
  }

  /** True when the next message was sent; false when the producer thread must go on. */
  private boolean sendNextOnConfirm() throws DriverException {
    if (control.stopping() || (limit != 0 && sequence >= limit) || !schedule.unlimitedNow()) {
      return false;
    }
    long intended = schedule.next(clock.nanoTime());
    if (intended >= endNanos) {
      return false;
    }
    stampAndRegister(intended, intended);
    if (!producer.trySendOnConfirm(message)) {
      handedBack = true;
      return false;
    }
    sent(0);
    return true;
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
    if (sendsOnConfirm && window.hasCapacity() && ownership.tryTake()) {
      sendOnConfirm();
    }
  }

  @Override
  public void onRetried(long sequence) {
    retried.increment();
  }

  @Override
  public void onBlocked(String reason) {
    flowControl.blocked(index, reason);
  }

  @Override
  public void onUnblocked() {
    flowControl.unblocked(index);
  }

  @Override
  public void onReturned(byte[] stamp, int offset) {
    returned.increment();
  }

  @Override
  public void onFailure(DriverException failure) {
    control.fail(failure);
  }

  /**
   * This producer's cumulative counts, read now. Sent, confirmed and received are the counters'
   * (the run's figures count those from the histograms); received is always 0 here.
   */
  MessageCounts counts() {
    return new MessageCounts(
        sent.get(),
        confirmed.sum(),
        0,
        new NotAccepted(
            rejected.sum(), released.sum(), modified.sum(), failed.sum(), returned.sum()),
        retried.sum(),
        schedule == null ? 0 : schedule.skipped(),
        unconfirmed());
  }

  /** Messages the broker took and the consumers should receive. */
  long accepted() {
    return counts().accepted();
  }

  /** Sent messages not yet confirmed (always 0 without confirms). */
  long unconfirmed() {
    return window == null ? 0 : window.outstanding();
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
