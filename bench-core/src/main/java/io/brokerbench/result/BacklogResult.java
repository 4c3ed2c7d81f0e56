package io.brokerbench.result;

import java.util.Locale;

/**
 * How a backlog run's two phases went: producers alone filled the broker until the backlog was
 * queued, then consumers started and worked through it. The messages' age while the consumers
 * drained it is the latency kind {@code backlog_age}.
 *
 * @param target messages the workload asked to queue before consumers start; 0 for a run without a
 *     backlog
 * @param producersStop true when producers stopped once it was built
 * @param queued messages the broker held (confirmed, or sent without confirms) when the consumers
 *     started; below {@code target} when sending ended first
 * @param fillSeconds from the start of sending until the consumers started
 * @param fillPerSecond {@code queued} over {@code fillSeconds}
 * @param drained true when the consumers received as many messages as were queued when they started
 *     (the queue being first in, first out: the backlog is gone)
 * @param drainSeconds from the consumers' start until then; 0 when not drained
 * @param drainPerSecond {@code queued} over {@code drainSeconds}; 0 when not drained
 */
public record BacklogResult(
    long target,
    boolean producersStop,
    long queued,
    double fillSeconds,
    double fillPerSecond,
    boolean drained,
    double drainSeconds,
    double drainPerSecond) {

  /** A run without a backlog. */
  public static final BacklogResult NONE = new BacklogResult(0, false, 0, 0, 0, false, 0, 0);

  /** The figures of a backlog run, rates computed. */
  public static BacklogResult of(
      long target,
      boolean producersStop,
      long queued,
      double fillSeconds,
      boolean drained,
      double drainSeconds) {
    return new BacklogResult(
        target,
        producersStop,
        queued,
        fillSeconds,
        fillSeconds > 0 ? queued / fillSeconds : 0,
        drained,
        drained ? drainSeconds : 0,
        drained && drainSeconds > 0 ? queued / drainSeconds : 0);
  }

  /** True when the run built a backlog. */
  public boolean present() {
    return target > 0;
  }

  /** The line for people. */
  public String describe() {
    String fill =
        String.format(
            Locale.ROOT,
            "%d of %d messages queued in %.1f s (%.0f msg/s), producers then %s",
            queued,
            target,
            fillSeconds,
            fillPerSecond,
            producersStop ? "stopped" : "went on");
    return drained
        ? String.format(
            Locale.ROOT, "%s; drained in %.1f s (%.0f msg/s)", fill, drainSeconds, drainPerSecond)
        : fill + "; not drained by the end of the run";
  }
}
