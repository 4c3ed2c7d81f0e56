package io.brokerbench.rate;

import io.brokerbench.workload.CatchUpPolicy;
import io.brokerbench.workload.RateProfile;
import io.brokerbench.workload.RateStep;
import java.util.List;

/**
 * The intended send times of one producer. Not thread-safe: each producer owns one.
 *
 * <pre>{@code
 * OpenLoopSchedule schedule = new OpenLoopSchedule(profile, producers, CatchUpPolicy.BURST, start);
 * long intended = schedule.next(clock.nanoTime());
 * clock.sleepUntil(intended);
 * send(...);   // latency is measured from 'intended', not from when the send happened
 * }</pre>
 *
 * <p>Implementation notes: the n-th intended time of a step is computed from the step's start as
 * {@code start + n * 1e9 / rate}, never by adding an interval to the previous time, so rounding
 * does not accumulate and a late send does not move later ones. In an unlimited step the intended
 * time is the time the producer asks, so latency from intended and from send coincide.
 */
public final class OpenLoopSchedule {
  private final RateStep[] steps;
  private final double[] periodNanos;
  private final CatchUpPolicy catchUp;

  private int step;
  private long stepStartNanos;
  private long stepEndNanos;
  private long indexInStep;
  // Written only on the skip path, read by the reporting thread.
  private volatile long skipped;

  /**
   * A schedule for one of {@code producers} producers sharing the profile's total rate.
   *
   * @param startNanos the {@link NanoClock#nanoTime()} of the first intended send
   */
  public OpenLoopSchedule(
      RateProfile profile, int producers, CatchUpPolicy catchUp, long startNanos) {
    List<RateStep> list = profile.steps();
    this.steps = list.toArray(new RateStep[0]);
    this.periodNanos = new double[steps.length];
    for (int i = 0; i < steps.length; i++) {
      periodNanos[i] = 1e9 * producers / steps[i].messagesPerSecond();
    }
    this.catchUp = catchUp;
    enterStep(0, startNanos);
  }

  private void enterStep(int index, long startNanos) {
    step = index;
    stepStartNanos = startNanos;
    // The last step lasts until the run ends, whatever its duration says.
    stepEndNanos =
        index == steps.length - 1 ? Long.MAX_VALUE : startNanos + steps[index].duration().toNanos();
    indexInStep = 0;
  }

  /**
   * Advances to the next send and returns its intended time.
   *
   * @param nowNanos the current {@link NanoClock#nanoTime()}; used by unlimited steps, by the
   *     {@link CatchUpPolicy#SKIP} policy and to leave a step that has ended
   */
  public long next(long nowNanos) {
    while (true) {
      if (steps[step].unlimited()) {
        if (nowNanos < stepEndNanos) {
          indexInStep++;
          return Math.max(nowNanos, stepStartNanos);
        }
      } else {
        long intended = intendedInStep(indexInStep);
        if (intended < stepEndNanos) {
          if (catchUp == CatchUpPolicy.SKIP && nowNanos - intended > periodNanos[step]) {
            return skipTo(nowNanos);
          }
          indexInStep++;
          return intended;
        }
      }
      enterStep(step + 1, stepEndNanos);
    }
  }

  /**
   * Advances to the next send without catching up, as if it were on time, and returns its intended
   * time; {@link Long#MAX_VALUE} in an unlimited step, which intends no time. For counting the
   * sends a run intended and never made.
   */
  public long nextScheduled() {
    while (!steps[step].unlimited()) {
      long intended = intendedInStep(indexInStep);
      if (intended < stepEndNanos) {
        indexInStep++;
        return intended;
      }
      enterStep(step + 1, stepEndNanos);
    }
    return Long.MAX_VALUE;
  }

  private long skipTo(long nowNanos) {
    long due = (long) Math.ceil((nowNanos - stepStartNanos) / periodNanos[step]);
    long intended = intendedInStep(due);
    if (intended >= stepEndNanos) {
      skipped += Math.max(0, lastIndexInStep() - indexInStep + 1);
      enterStep(step + 1, stepEndNanos);
      return next(nowNanos);
    }
    skipped += due - indexInStep;
    indexInStep = due + 1;
    return intended;
  }

  private long lastIndexInStep() {
    return (long) Math.ceil((stepEndNanos - stepStartNanos) / periodNanos[step]) - 1;
  }

  private long intendedInStep(long index) {
    return stepStartNanos + Math.round(index * periodNanos[step]);
  }

  /** Intended sends skipped under {@link CatchUpPolicy#SKIP}. */
  public long skipped() {
    return skipped;
  }

  /** True when the current step has no rate limit. */
  public boolean unlimitedNow() {
    return steps[step].unlimited();
  }

  /** Index of the current rate step. */
  public int stepIndex() {
    return step;
  }
}
