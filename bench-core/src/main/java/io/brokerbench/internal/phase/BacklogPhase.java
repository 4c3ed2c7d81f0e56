package io.brokerbench.internal.phase;

import io.brokerbench.internal.Participants;
import io.brokerbench.internal.RunControl;
import io.brokerbench.rate.NanoClock;
import io.brokerbench.result.BacklogResult;
import io.brokerbench.spi.DriverException;
import io.brokerbench.workload.Backlog;
import java.util.concurrent.locks.LockSupport;

/**
 * The two phases of a backlog run, watched from their own thread: while only producers run, waits
 * until the broker holds the backlog (or sending ends first), then starts the consumers and times
 * how long they take to receive as many messages as were queued then. Consumers record each
 * message's age while {@link #draining()}.
 */
public final class BacklogPhase implements Runnable {
  private static final long POLL_NANOS = 1_000_000;
  private static final long JOIN_MILLIS = 5_000;

  /** Starts the consumers the run held back. */
  public interface ConsumerStart {
    void start() throws DriverException;
  }

  private final Backlog backlog;
  private final NanoClock clock;
  private final RunControl control;
  private final Participants participants;
  private final ConsumerStart consumers;
  private final Thread thread;
  private volatile boolean draining;
  private volatile boolean consumersStarted;
  private volatile boolean finished;
  private long sendStartNanos;
  private volatile long consumersStartNanos;
  private volatile long queuedAtStart;
  private volatile long drainedNanos = -1;

  /**
   * @param participants the run's producers, which build the backlog, and its consumers
   * @param consumers starts the consumers held back
   */
  public BacklogPhase(
      Backlog backlog,
      NanoClock clock,
      RunControl control,
      Participants participants,
      ConsumerStart consumers) {
    this.backlog = backlog;
    this.clock = clock;
    this.control = control;
    this.participants = participants;
    this.consumers = consumers;
    this.thread = new Thread(this, "brokerbench-backlog");
    this.thread.setDaemon(true);
  }

  /** Starts watching; sending starts at {@code sendStartNanos}. */
  public void start(long sendStartNanos) {
    this.sendStartNanos = sendStartNanos;
    thread.start();
  }

  /** When the consumers started, or 0 before. Any thread. */
  long consumersStartNanos() {
    return consumersStarted ? consumersStartNanos : 0;
  }

  /** True while consumers work through the backlog. Any thread. */
  public boolean draining() {
    return draining;
  }

  @Override
  public void run() {
    while (!control.stopping()
        && participants.queued() < backlog.messages()
        && !participants.sendingOver()) {
      LockSupport.parkNanos(POLL_NANOS);
    }
    consumersStartNanos = Math.max(clock.nanoTime(), sendStartNanos);
    queuedAtStart = participants.queued();
    draining = true;
    try {
      if (!control.stopping()) {
        consumers.start();
      }
    } catch (DriverException e) {
      control.fail(e);
    } finally {
      consumersStarted = true;
    }
    while (!finished
        && !control.stopping()
        && participants.receivedFromProducers() < queuedAtStart) {
      LockSupport.parkNanos(POLL_NANOS);
    }
    if (participants.receivedFromProducers() >= queuedAtStart) {
      drainedNanos = clock.nanoTime();
    }
    draining = false;
  }

  /**
   * Waits until the consumers were started (or their start failed), bounded by the drivers' own
   * connect timeouts: the drain must not begin without them.
   */
  public void awaitConsumers() {
    while (!consumersStarted && thread.isAlive()) {
      LockSupport.parkNanos(POLL_NANOS);
    }
  }

  /** Stops watching (the run's drain is over) and waits a bounded moment for the thread. */
  public void finish() {
    finished = true;
    try {
      thread.join(JOIN_MILLIS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** The figures, once {@link #finish()} returned. */
  public BacklogResult result() {
    if (!consumersStarted) {
      return BacklogResult.of(backlog.messages(), backlog.producersStop(), 0, 0, false, 0);
    }
    long drained = drainedNanos;
    return BacklogResult.of(
        backlog.messages(),
        backlog.producersStop(),
        queuedAtStart,
        (consumersStartNanos - sendStartNanos) / 1e9,
        drained >= 0,
        drained >= 0 ? (drained - consumersStartNanos) / 1e9 : 0);
  }
}
