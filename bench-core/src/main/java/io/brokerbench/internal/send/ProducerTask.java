package io.brokerbench.internal.send;

import io.brokerbench.integrity.SequenceTracker;
import io.brokerbench.internal.Backoff;
import io.brokerbench.internal.RunControl;
import io.brokerbench.internal.events.ConnectionLossLog;
import io.brokerbench.internal.events.FlowControlLog;
import io.brokerbench.internal.measure.RunRecorders;
import io.brokerbench.latency.LatencyRecorder;
import io.brokerbench.latency.PayloadStamp;
import io.brokerbench.rate.NanoClock;
import io.brokerbench.rate.OpenLoopSchedule;
import io.brokerbench.result.MessageCounts;
import io.brokerbench.result.RequestReplyCounts;
import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.OutgoingMessage;
import io.brokerbench.spi.Producer;
import io.brokerbench.spi.ReplyListener;
import io.brokerbench.spi.SendListener;
import io.brokerbench.spi.SendOutcome;
import io.brokerbench.workload.ConnectionLossPolicy;
import io.brokerbench.workload.RateProfile;
import io.brokerbench.workload.Workload;
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
public final class ProducerTask implements Runnable, SendListener, ReplyListener {
  private static final long MAX_SLEEP_NANOS = 50_000_000;
  private static final long OWNERSHIP_POLL_NANOS = 10_000_000;
  private static final long EXPIRY_CHECK_NANOS = 10_000_000;

  /** Opens the driver's producer again after its connection was lost. */
  public interface Reopen {
    Producer open() throws DriverException;
  }

  private final int index;
  private final int producerId;
  private final Workload workload;
  private final NanoClock clock;
  private final RunControl control;
  private final LatencyRecorder.Writer slip;
  private final RunRecorders recorders;
  private final Pace pace;
  private final long limit;
  private final FlowControlLog flowControl;
  private final ConnectionLossLog losses;
  private final boolean reconnects;
  private final java.util.function.BooleanSupplier stopWaiting;

  private final ProducerCounters counters = new ProducerCounters();

  private final boolean requester;
  private final long replyTimeoutNanos;

  private volatile Producer producer;
  private Reopen reopen;
  private ConfirmWindow window;
  // The loss the driver reported, for the producer thread to ride through (reconnect only).
  private volatile DriverException lostConnection;
  // Messages given up at a loss, to tell at the end which of them arrived all the same.
  private long[] failedAtLoss = new long[0];
  private int failedAtLossCount;
  private final Backoff backoff;
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
  // The intended time the send loop took from the schedule and has not sent yet, or NONE.
  private long unsentIntended = NONE;
  // Scheduled sends that found the window full, and the intended time of the last of them.
  private long windowWaits;
  private long windowWaitedFor = NONE;
  private static final long NONE = Long.MIN_VALUE;

  /**
   * How fast one producer sends and how much.
   *
   * @param rate the rate shared by {@code sharing} producers
   * @param sharing producers sharing it
   * @param limit messages to send at most; 0 for no limit
   */
  public record Pace(RateProfile rate, int sharing, long limit) {
    /** The pace of one of the workload's producers. */
    public static Pace of(Workload workload) {
      return new Pace(workload.rate(), workload.producers(), workload.producerLimit());
    }
  }

  public ProducerTask(
      int index,
      int producerId,
      Workload workload,
      Pace pace,
      NanoClock clock,
      RunControl control,
      RunRecorders recorders,
      FlowControlLog flowControl,
      ConnectionLossLog losses) {
    this.index = index;
    this.flowControl = flowControl;
    this.losses = losses;
    this.backoff = new Backoff(clock);
    this.reconnects = workload.connectionLoss() == ConnectionLossPolicy.RECONNECT;
    this.stopWaiting = () -> control.stopping() || lostConnection != null;
    this.producerId = producerId;
    this.workload = workload;
    this.clock = clock;
    this.control = control;
    this.recorders = recorders;
    this.slip = recorders.writer(recorders.slip);
    this.pace = pace;
    this.limit = pace.limit();
    this.requester = workload.requestReply().enabled();
    this.replyTimeoutNanos = requester ? workload.requestReply().timeout().toNanos() : 0;
  }

  /**
   * Creates the thread and the confirm window for the driver's producer.
   *
   * @param reopen opens it again after a lost connection, with {@code --on-connection-loss
   *     reconnect}
   */
  public Thread prepare(Producer producer, Reopen reopen) {
    this.producer = producer;
    this.reopen = reopen;
    this.thread = new Thread(this, "brokerbench-producer-" + index);
    this.thread.setDaemon(true);
    this.ownership = new SendLoopOwnership(thread);
    if (requester) {
      // The window holds requests awaiting their reply, which answers them; no publish confirms.
      window =
          new ConfirmWindow(
              workload.outstandingLimit(),
              recorders.writer(recorders.roundTrip),
              thread,
              replyTimeoutNanos);
    } else if (workload.inFlightWindow() > 0) {
      window =
          new ConfirmWindow(workload.inFlightWindow(), recorders.writer(recorders.confirm), thread);
      sendsOnConfirm = producer.sendsOnConfirm();
    }
    return thread;
  }

  /** Sets when sending starts and ends ({@link NanoClock#nanoTime()} values). */
  public void schedule(long startNanos, long endNanos) {
    this.startNanos = startNanos;
    this.endNanos = endNanos;
    // Created before the producer and reporting threads start, which makes it visible to both.
    this.schedule =
        new OpenLoopSchedule(pace.rate(), pace.sharing(), workload.catchUp(), startNanos);
  }

  @Override
  public void run() {
    try {
      sendLoop();
    } catch (DriverException e) {
      control.fail(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (RuntimeException e) {
      // A client's or driver's bug: the run fails with it, rather than completing short.
      control.fail(
          new DriverException("producer " + index + " stopped on an unexpected error: " + e, e));
    }
  }

  private void sendLoop() throws DriverException, InterruptedException {
    message = new OutgoingMessage(workload.messageBytes());
    epochOffsetNanos = clock.epochOffsetNanos();
    try {
      while (true) {
        try {
          sendUntilEnd();
        } catch (DriverException e) {
          if (!reconnects || control.stopping()) {
            throw e;
          }
          if (lostConnection == null) {
            lostConnection = e;
          }
        }
        DriverException loss = lostConnection;
        if (loss == null || !reconnect(loss)) {
          return;
        }
      }
    } finally {
      countUnsent();
    }
  }

  /**
   * Rides through a lost connection: gives up on the messages awaiting their confirm (counted as
   * failed), closes the driver's producer and opens it again with a growing backoff until it opens
   * or the run ends. The schedule goes on meanwhile, so the outage shows as latency from the
   * intended send time of the messages sent after it.
   *
   * @return true when the producer is open again
   */
  private boolean reconnect(DriverException loss) throws InterruptedException {
    long lostAt = backoff.lost();
    String name = "producer " + index;
    long inFlight = 0;
    if (window != null && !requester) {
      inFlight = window.abandon(this::rememberFailedAtLoss);
      counters.outcome(SendOutcome.FAILED, inFlight);
    }
    losses.lost(name, loss.getMessage(), inFlight);
    close(producer);
    long firstWait = backoff.firstWaitNanos();
    if (firstWait > 0) {
      pause(firstWait);
    }
    for (int attempt = 1; !control.stopping() && clock.nanoTime() < endNanos; attempt++) {
      lostConnection = null;
      try {
        producer = reopen.open();
        sendsOnConfirm = window != null && !requester && producer.sendsOnConfirm();
        losses.reconnected(name, attempt, backoff.reconnected() - lostAt);
        return true;
      } catch (DriverException e) {
        // Not back yet: wait and try again.
      }
      pause(backoff.nextWaitNanos());
    }
    return false;
  }

  /** Sleeps this long, or until the run stops or ends. */
  private void pause(long nanos) throws InterruptedException {
    long wake = Math.min(endNanos, clock.nanoTime() + nanos);
    for (long now = clock.nanoTime(); now < wake && !control.stopping(); now = clock.nanoTime()) {
      clock.sleepUntil(Math.min(wake, now + MAX_SLEEP_NANOS));
    }
  }

  private void rememberFailedAtLoss(long sequence) {
    if (failedAtLossCount == failedAtLoss.length) {
      failedAtLoss = java.util.Arrays.copyOf(failedAtLoss, Math.max(16, failedAtLossCount * 2));
    }
    failedAtLoss[failedAtLossCount++] = sequence;
  }

  private static void close(Producer producer) {
    try {
      producer.close();
    } catch (DriverException | RuntimeException e) {
      // Its connection is gone already.
    }
  }

  /**
   * Every send the schedule intended before the run's end (or before the run stopped, when it
   * stopped early) that did not leave is unsent: its lateness at that moment is recorded, so a run
   * that ends because the broker stopped taking messages reports how late they were. A run the user
   * interrupted ends at the interrupt: a send due after it was never intended within the run, even
   * when this thread, sleeping until that send, notices the interrupt only then.
   */
  private void countUnsent() {
    if (schedule == null) {
      return;
    }
    long cutoff = Math.min(endNanos, Math.min(clock.nanoTime(), control.interruptedAtNanos()));
    LatencyRecorder.Writer lateness = null;
    long count = sequence;
    long intended = unsentIntended;
    while (true) {
      if (intended == NONE) {
        intended = schedule.nextScheduled();
      }
      if (intended >= cutoff || (limit != 0 && count >= limit)) {
        return;
      }
      if (lateness == null) {
        lateness = recorders.writer(recorders.unsent);
      }
      lateness.record(cutoff - intended);
      count++;
      intended = NONE;
    }
  }

  private void sendUntilEnd() throws DriverException, InterruptedException {
    while (!control.stopping() && lostConnection == null && (limit == 0 || sequence < limit)) {
      if (handedBack) {
        // A confirm thread stamped and registered this message, but could not send it there.
        handedBack = false;
        if (!sendRegistered()) {
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
        // After a lost connection, the send that did not leave keeps its intended time.
        intended = unsentIntended != NONE ? unsentIntended : schedule.next(clock.nanoTime());
        if (intended >= endNanos) {
          break;
        }
        unsentIntended = intended;
        if (!sleepUntil(intended)) {
          break;
        }
        if (window != null && !window.hasCapacity()) {
          // Once per send, even when a lost connection makes it wait again.
          if (windowWaitedFor != intended) {
            windowWaitedFor = intended;
            counters.windowWaits(++windowWaits);
          }
          if (!awaitWindow()) {
            break;
          }
        }
        sentNanos = clock.nanoTime();
      }
      if (intended >= endNanos) {
        break;
      }
      long slip = stampAndRegister(intended, sentNanos);
      if (!sendRegistered()) {
        break;
      }
      unsentIntended = NONE;
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
    counters.sent(sequence);
  }

  /**
   * Waits for a slot in the in-flight window; true when there is one. A requester's slots are also
   * freed by requests timing out, which it checks while it waits.
   */
  private boolean awaitWindow() throws DriverException {
    if (window == null || window.hasCapacity()) {
      return true;
    }
    // The confirms that free a slot can only come for sends that left.
    producer.flush();
    if (!requester) {
      return window.awaitCapacity(stopWaiting, clock, endNanos);
    }
    while (true) {
      long now = clock.nanoTime();
      expireRequests(now);
      if (window.awaitCapacity(stopWaiting, clock, Math.min(endNanos, now + EXPIRY_CHECK_NANOS))) {
        return true;
      }
      if (control.stopping() || clock.nanoTime() >= endNanos) {
        return false;
      }
    }
  }

  /** Requests still awaiting a reply; 0 for a producer that is not a requester. */
  long unanswered() {
    return requester ? window.unanswered() : 0;
  }

  /** Counts the requests unanswered for longer than the reply timeout as timed out. */
  public void expireRequests(long nowNanos) {
    if (requester) {
      counters.timedOut(window.expire(nowNanos));
    }
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
      boolean over = stopWaiting.getAsBoolean() || clock.nanoTime() >= endNanos;
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
      failed(e);
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
    boolean sent;
    try {
      sent = producer.trySendOnConfirm(message);
    } catch (DriverException | RuntimeException e) {
      window.cancel(sequence);
      throw e;
    }
    if (!sent) {
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
      if (stopWaiting.getAsBoolean()) {
        return false;
      }
      clock.sleepUntil(Math.min(deadlineNanos, now + MAX_SLEEP_NANOS));
    }
    return !stopWaiting.getAsBoolean();
  }

  /**
   * Sends the message just stamped and registered; one that does not leave (the run stopped, or the
   * driver failed) leaves the window again, so it counts as unsent rather than unconfirmed.
   */
  private boolean sendRegistered() throws DriverException {
    boolean sent = false;
    try {
      sent = send(message);
      return sent;
    } finally {
      if (!sent && window != null) {
        window.cancel(sequence);
      }
    }
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
    while (!stopWaiting.getAsBoolean() && clock.nanoTime() < endNanos) {
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
        window == null || requester
            ? 1
            : window.confirm(sequence, multiple, clock.nanoTime(), outcome == SendOutcome.ACCEPTED);
    counters.outcome(outcome, count);
    if (sendsOnConfirm && window.hasCapacity() && ownership.tryTake()) {
      sendOnConfirm();
    }
  }

  @Override
  public void onReply(byte[] stamp, int offset) {
    long now = clock.nanoTime();
    if (PayloadStamp.producerId(stamp, offset) != producerId) {
      counters.unexpectedReply();
      return;
    }
    long sequence =
        PayloadStamp.unwrapSequence(PayloadStamp.sequence24(stamp, offset), window.oldest());
    counters.reply(window.reply(sequence, now));
  }

  @Override
  public void onRetried(long sequence) {
    counters.retried();
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
    counters.returned();
  }

  @Override
  public void onFailure(DriverException failure) {
    failed(failure);
  }

  /**
   * The driver's producer failed: the run fails, or with reconnect the producer thread is told to
   * ride through it. Any thread.
   */
  private void failed(DriverException failure) {
    if (!reconnects || control.stopping()) {
      control.fail(failure);
      return;
    }
    if (lostConnection == null) {
      lostConnection = failure;
    }
    LockSupport.unpark(thread);
  }

  /**
   * This producer's cumulative counts, read now. Sent, confirmed and received are the counters'
   * (the run's figures count those from the histograms); received is always 0 here.
   */
  public MessageCounts counts() {
    return counters.counts(
        schedule == null ? 0 : schedule.skipped(),
        // A requester's outstanding requests await replies, not confirms: the run's request-reply
        // counts have them.
        requester ? 0 : unconfirmed());
  }

  /** What became of this requester's requests so far; {@link RequestReplyCounts#NONE} if none. */
  public RequestReplyCounts requestReply() {
    return requester
        ? counters.requestReply(unanswered(), replyTimeoutNanos)
        : RequestReplyCounts.NONE;
  }

  /** Messages the broker holds from this producer: confirmed, or sent without confirms. */
  public long queued() {
    return workload.inFlightWindow() > 0 ? counters.confirmed() : counters.sent();
  }

  /** Messages the broker took and the consumers should receive. */
  public long accepted() {
    return counts().accepted();
  }

  /**
   * The messages consumers should have received at the end: those the broker took, less those still
   * unconfirmed (the connection was lost or the run stopped before their confirm) unless {@code
   * received} shows they arrived all the same. An unconfirmed message that never arrived is counted
   * as unconfirmed, not lost: whether the broker ever had it is not known.
   */
  public long expected(SequenceTracker received) {
    if (window == null || requester) {
      return accepted();
    }
    long arrived = received == null ? 0 : window.outstandingArrived(received::arrived);
    if (received != null) {
      for (int i = 0; i < failedAtLossCount; i++) {
        if (received.arrived(failedAtLoss[i])) {
          arrived++;
        }
      }
    }
    return accepted() - window.outstanding() + arrived;
  }

  /** Sent messages not yet confirmed, or requests not yet answered (0 without either). */
  public long unconfirmed() {
    return window == null ? 0 : window.outstanding();
  }

  public Producer producer() {
    return producer;
  }

  /** The in-flight window, or null without confirms. */
  public ConfirmWindow confirmWindow() {
    return window;
  }

  public Thread thread() {
    return thread;
  }
}
