package io.brokerbench.result;

import java.util.List;
import java.util.Locale;

/**
 * Whether the consumers kept up with the producers, from the measured intervals in which messages
 * were sent. When they did not, the queue between them grew through the run and every latency
 * includes the time a message waited in it: a figure that grows with the run's length, not what the
 * broker takes to deliver. The run still measured something (the rate the consumers keep), so this
 * is a warning rather than a failure.
 */
public final class QueueGrowth {
  /** Below this share of the messages sent, what is not yet received is a pipeline in flight. */
  static final double SHARE = 0.10;

  /** Fewer messages behind than this are in flight at any rate. */
  static final long FLOOR = 1_000;

  private QueueGrowth() {}

  /**
   * The warning for a run whose consumers fell behind while the producers sent, or null.
   *
   * @param intervals the run's intervals, warm-up included (left out here)
   */
  public static Warning of(List<IntervalSample> intervals) {
    long sent = 0;
    long received = 0;
    double seconds = 0;
    for (IntervalSample s : intervals) {
      if (s.warmup() || s.counts().sent() == 0) {
        continue;
      }
      sent += s.counts().sent();
      received += s.counts().received();
      seconds += s.endSeconds() - s.startSeconds();
    }
    long behind = sent - received;
    if (behind <= FLOOR || behind <= sent * SHARE || seconds <= 0) {
      return null;
    }
    return new Warning(
        Warning.QUEUE_GREW,
        String.format(
            Locale.ROOT,
            "QUEUE_GREW: the consumers fell %,d message(s) behind while the producers sent"
                + " (%,.0f msg/s sent, %,.0f received): the latencies include the time in that"
                + " growing queue; lower the rate (-r) or add consumers (-y) to measure delivery",
            behind,
            sent / seconds,
            received / seconds));
  }
}
