package io.brokerbench.internal.phase;

import io.brokerbench.internal.Participants;
import io.brokerbench.internal.RunControl;
import io.brokerbench.rate.NanoClock;
import io.brokerbench.result.MessageCounts;
import io.brokerbench.spi.DriverException;
import java.time.Duration;

/**
 * Fails the run when no message was sent, confirmed or received for the progress timeout, as
 * quiver's {@code --timeout} does, so a stuck broker ends the run with the results so far. The
 * runner has it {@link #run checked} every {@value #CHECK_MILLIS} ms on the reporter's thread. The
 * timeout is real time, as the check's schedule is: the run's clock may hold still (a test's manual
 * clock), and a stuck run must still end.
 */
public final class ProgressWatchdog implements Runnable {
  /** How often the runner checks. */
  public static final long CHECK_MILLIS = 100;

  private final Participants participants;
  private final RunControl control;
  private final Duration timeout;
  private final NanoClock realTime;
  // The checking thread's alone.
  private long lastProgress = -1;
  private long lastProgressRealNanos;

  /**
   * @param timeout how long the run may go without progress
   * @param realTime the clock the timeout runs on: the system's, but for tests
   */
  public ProgressWatchdog(
      Participants participants, RunControl control, Duration timeout, NanoClock realTime) {
    this.participants = participants;
    this.control = control;
    this.timeout = timeout;
    this.realTime = realTime;
  }

  /** One check: notes progress, or fails the run when there was none for the timeout. */
  @Override
  public void run() {
    MessageCounts c = participants.counts();
    long progress = c.sent() + c.confirmed() + c.received() + c.notAccepted().total();
    long nowRealNanos = realTime.nanoTime();
    if (progress != lastProgress) {
      lastProgress = progress;
      lastProgressRealNanos = nowRealNanos;
    } else if (nowRealNanos - lastProgressRealNanos >= timeout.toNanos() && !control.stopping()) {
      control.fail(
          new DriverException(
              "no progress for "
                  + timeout.toMillis() / 1000.0
                  + " s: nothing was sent, confirmed or received (is the broker stuck or the"
                  + " destination blocked?)"));
    }
  }
}
