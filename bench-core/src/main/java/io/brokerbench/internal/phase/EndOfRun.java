package io.brokerbench.internal.phase;

import io.brokerbench.integrity.SequenceTracker;
import io.brokerbench.internal.BoundedWait;
import io.brokerbench.internal.Participants;
import io.brokerbench.internal.RunControl;
import io.brokerbench.internal.send.ProducerTask;
import io.brokerbench.rate.NanoClock;
import io.brokerbench.spi.DriverException;
import io.brokerbench.workload.ShardLayout;
import java.time.Duration;
import java.util.List;

/**
 * The end of a run, on the runner thread: {@link #awaitSending waits for the producers} to end,
 * then {@link #drain drains}, waiting for the consumers to receive what was sent and for the
 * outstanding confirms, until everything expected arrived, nothing progressed for the drain
 * timeout, the user interrupted or the run failed.
 *
 * <p>Two time bases, and every deadline says which it is on: {@code runNanos} values are on the
 * run's clock (the end of sending, a consumer's last receive, a request's expiry); {@code
 * realNanos} values are on {@code realTime}, on which the waiting happens. The waits are bounded in
 * real time because the run's clock may hold still (a test's manual clock), and a producer stuck in
 * a send or a broker that stopped delivering must still let the results out.
 *
 * <p>Usage, once the producers started:
 *
 * <pre>{@code
 * EndOfRun end = new EndOfRun(layout, participants, trackers, backlog, depth, control,
 *     drainTimeout, clock, NanoClock.system());
 * end.awaitSending(endRunNanos);
 * end.drain();
 * }</pre>
 */
public final class EndOfRun {
  private static final long DRAIN_POLL_NANOS = 2_000_000;
  private static final long INTERRUPTED_DRAIN_NANOS = 2_000_000_000L;
  private static final long SEND_POLL_MILLIS = 100;
  private static final long QUIET_NANOS = 1_000_000_000L;

  private final ShardLayout layout;
  // Some of what this shard's consumers read comes from other shards' producers, whose counts it
  // does not know.
  private final boolean readsOtherShards;
  private final Participants participants;
  private final SequenceTracker[] trackers;
  private final BacklogPhase backlog;
  private final DestinationDepth depth;
  private final RunControl control;
  private final Duration drainTimeout;
  private final NanoClock runClock;
  private final NanoClock realTime;
  private long lastAskedRunNanos = Long.MIN_VALUE;

  /**
   * @param trackers what this run's consumers received, by global producer
   * @param backlog the backlog phase, or null without one
   * @param depth asks the broker how many messages the consumers' destinations still hold
   * @param drainTimeout how long the drain waits without progress
   * @param runClock the run's clock
   * @param realTime the clock the waits are bounded and made on: the system's, but for tests
   */
  public EndOfRun(
      ShardLayout layout,
      Participants participants,
      SequenceTracker[] trackers,
      BacklogPhase backlog,
      DestinationDepth depth,
      RunControl control,
      Duration drainTimeout,
      NanoClock runClock,
      NanoClock realTime) {
    this.layout = layout;
    this.readsOtherShards = layout.readsOtherShardsProducers();
    this.participants = participants;
    this.trackers = trackers;
    this.backlog = backlog;
    this.depth = depth;
    this.control = control;
    this.drainTimeout = drainTimeout;
    this.runClock = runClock;
    this.realTime = realTime;
  }

  /**
   * Waits for the producers to end, bounded in real time: a producer stuck in a send (a socket
   * write the broker's flow control holds, a client that blocks) may hold its thread at most the
   * drain timeout past the run's end, or {@value #INTERRUPTED_DRAIN_NANOS} ns past a Ctrl-C; then
   * the run fails saying so, with the results so far. Without producers, waits for the run's end,
   * the consumers' limit or the run to stop. An interrupt of the calling thread ends the wait.
   *
   * @param endRunNanos the run's end on the run's clock; {@code Long.MAX_VALUE} for none
   */
  public void awaitSending(long endRunNanos) {
    List<ProducerTask> producers = participants.producers();
    if (producers.isEmpty()) {
      awaitConsumers(endRunNanos);
      return;
    }
    long deadlineRealNanos =
        endRunNanos == Long.MAX_VALUE
            ? Long.MAX_VALUE
            : realTime.nanoTime()
                + Math.max(0, endRunNanos - runClock.nanoTime())
                + drainTimeout.toNanos();
    long interruptedRealNanos = 0;
    for (int i = 0; i < producers.size(); i++) {
      Thread thread = producers.get(i).thread();
      while (thread.isAlive()) {
        // A join, not a sleep on realTime: the wait ends the moment the thread does.
        BoundedWait.join(thread, SEND_POLL_MILLIS);
        if (Thread.currentThread().isInterrupted()) {
          // Whoever interrupted the run's thread ended the run early: it must not read as
          // completed with part of its messages unsent.
          control.interrupt(runClock.nanoTime());
          return;
        }
        long nowRealNanos = realTime.nanoTime();
        if (control.interrupted() && interruptedRealNanos == 0) {
          interruptedRealNanos = nowRealNanos;
        }
        if (interruptedRealNanos != 0
            && nowRealNanos - interruptedRealNanos > INTERRUPTED_DRAIN_NANOS) {
          return;
        }
        if (nowRealNanos - deadlineRealNanos > 0 && thread.isAlive()) {
          control.fail(
              new DriverException(
                  "producer "
                      + layout.globalProducer(i)
                      + " is stuck in a send "
                      + drainTimeout.toMillis() / 1000.0
                      + " s after the run's end: the broker does not take messages (flow"
                      + " control, a memory or disk alarm?)"));
          return;
        }
      }
    }
  }

  /** A run without producers: its end is the run's end, or its consumers' limit. */
  private void awaitConsumers(long endRunNanos) {
    while (!control.stopping()
        && runClock.nanoTime() < endRunNanos
        && !participants.consumersReachedLimit()) {
      pause(DRAIN_POLL_NANOS);
    }
  }

  /**
   * Waits for the consumers after the producers stopped: while messages keep arriving (or being
   * confirmed), and at most the drain timeout without either, so a backlog the consumers are
   * working through is received rather than counted as lost; {@value #INTERRUPTED_DRAIN_NANOS} ns
   * at most after a Ctrl-C. Bounded: every message sent arrives once at most. Expires the requests
   * whose reply timed out meanwhile.
   */
  public void drain() {
    long windowNanos = drainTimeout.toNanos();
    long lastProgressRealNanos = realTime.nanoTime();
    long lastReceiveRunNanos = participants.lastReceiveNanos();
    long unconfirmed = participants.unconfirmed();
    long interruptedRealNanos = 0;
    while (control.failure() == null && !drained()) {
      long nowRealNanos = realTime.nanoTime();
      long nowRunNanos = runClock.nanoTime();
      for (ProducerTask p : participants.producers()) {
        p.expireRequests(nowRunNanos);
      }
      long receivedRunNanos = participants.lastReceiveNanos();
      long pending = participants.unconfirmed();
      if (receivedRunNanos != lastReceiveRunNanos || pending < unconfirmed) {
        lastReceiveRunNanos = receivedRunNanos;
        unconfirmed = pending;
        lastProgressRealNanos = nowRealNanos;
      }
      if (control.interrupted() && interruptedRealNanos == 0) {
        interruptedRealNanos = nowRealNanos;
      }
      if (nowRealNanos - lastProgressRealNanos >= windowNanos
          || (interruptedRealNanos != 0
              && nowRealNanos - interruptedRealNanos
                  >= Math.min(INTERRUPTED_DRAIN_NANOS, windowNanos))) {
        return;
      }
      pause(DRAIN_POLL_NANOS);
    }
  }

  /**
   * True when the consumers have every message they can expect and no confirm is outstanding, or
   * when consumers of other runs share the messages, or producers of other shards send to this
   * shard's consumers, nothing arrived for {@value #QUIET_NANOS} ns and the broker holds no more
   * for them.
   */
  private boolean drained() {
    if (participants.unconfirmed() > 0) {
      return false;
    }
    if (participants.consumers().isEmpty() || participants.consumersReachedLimit()) {
      return true;
    }
    List<ProducerTask> producers = participants.producers();
    boolean shared = false;
    for (int i = 0; i < producers.size(); i++) {
      int global = layout.globalProducer(i);
      if (!layout.producerConsumed(global)) {
        continue;
      }
      if (layout.consumedOnlyHere(global)) {
        if (trackers[global].unique() < producers.get(i).accepted()) {
          return false;
        }
      } else {
        shared = true;
      }
    }
    if (shared || producers.isEmpty() || readsOtherShards) {
      // Consumers of other runs take part of what arrives, or other shards' producers send part of
      // it (a shard that started later may still be sending): wait until nothing has arrived for a
      // while since the consumers started (a backlog's, just now, may have received nothing yet).
      long sinceRunNanos =
          Math.max(
              participants.lastReceiveNanos(), backlog == null ? 0 : backlog.consumersStartNanos());
      long nowRunNanos = runClock.nanoTime();
      return nowRunNanos - sinceRunNanos > QUIET_NANOS && nothingWaiting(nowRunNanos);
    }
    return true;
  }

  /**
   * True unless the broker says the consumers' destinations still hold messages: a loaded machine
   * or broker can hold deliveries back for a second while they wait there, and consumers that left
   * then would leave them behind (CI's four shard processes on one queue, their consumers all gone
   * so, left 548 and 819 messages counted as lost). Asked once per quiet period at most, and not
   * after a Ctrl-C (whose grace the depth's own bound could outlast); a broker that cannot tell
   * leaves it to the quiet, and the drain timeout bounds the wait.
   */
  private boolean nothingWaiting(long nowRunNanos) {
    if (control.interrupted()) {
      return true;
    }
    if (lastAskedRunNanos != Long.MIN_VALUE && nowRunNanos - lastAskedRunNanos < QUIET_NANOS) {
      return false;
    }
    lastAskedRunNanos = nowRunNanos;
    return depth.ask().waiting() <= 0;
  }

  /**
   * Waits {@code nanos} of real time. A thread interrupt does not cut the end of the run short
   * (Ctrl-C reaches it through {@link RunControl}); the interrupt status is kept for the caller.
   */
  private void pause(long nanos) {
    try {
      realTime.sleepUntil(realTime.nanoTime() + nanos);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
