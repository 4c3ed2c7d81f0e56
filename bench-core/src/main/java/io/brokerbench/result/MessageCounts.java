package io.brokerbench.result;

/**
 * What happened to messages over a span of a run (an interval, a rate step, the measured part, or
 * the sum of several processes' runs). Values add up: the counts of two shards of one workload are
 * {@code a.plus(b)}, and the change between two cumulative readings is {@code
 * later.minus(earlier)}.
 *
 * @param sent messages handed to the broker; each has exactly one schedule-slip latency
 * @param confirmed messages the broker accepted, each with one confirm latency; 0 when the run did
 *     not ask for confirms ({@code --confirm 0})
 * @param received messages consumers received from this run's producers, duplicates included; each
 *     has one end-to-end latency (or is counted as negative)
 * @param notAccepted sent messages the broker did not take, by outcome
 * @param retried attempts the driver made again after a failed one (a message sent three times
 *     counts two); not messages
 * @param skipped intended sends skipped by the {@code skip} catch-up policy
 * @param windowWaits scheduled sends that found the in-flight window full at their intended time
 *     and waited for a confirm (or reply) to leave: the generator's own window, not the schedule,
 *     set their pace
 * @param unconfirmed messages sent and not settled when the span ended (a level, not a flow: {@link
 *     #plus} adds those of parallel runs, {@link #then} keeps the later span's)
 */
public record MessageCounts(
    long sent,
    long confirmed,
    long received,
    NotAccepted notAccepted,
    long retried,
    long skipped,
    long windowWaits,
    long unconfirmed) {

  /** Nothing happened. */
  public static final MessageCounts ZERO = new MessageCounts(0, 0, 0, NotAccepted.NONE, 0, 0, 0, 0);

  /** The sum of both. */
  public MessageCounts plus(MessageCounts o) {
    return new MessageCounts(
        sent + o.sent,
        confirmed + o.confirmed,
        received + o.received,
        notAccepted.plus(o.notAccepted),
        retried + o.retried,
        skipped + o.skipped,
        windowWaits + o.windowWaits,
        unconfirmed + o.unconfirmed);
  }

  /**
   * This span followed by {@code next}: flows added, {@code unconfirmed} taken from {@code next}.
   */
  public MessageCounts then(MessageCounts next) {
    MessageCounts sum = plus(next);
    return new MessageCounts(
        sum.sent,
        sum.confirmed,
        sum.received,
        sum.notAccepted,
        sum.retried,
        sum.skipped,
        sum.windowWaits,
        next.unconfirmed);
  }

  /** This minus {@code o}: the change since an earlier cumulative reading. */
  public MessageCounts minus(MessageCounts o) {
    return new MessageCounts(
        sent - o.sent,
        confirmed - o.confirmed,
        received - o.received,
        notAccepted.minus(o.notAccepted),
        retried - o.retried,
        skipped - o.skipped,
        windowWaits - o.windowWaits,
        unconfirmed - o.unconfirmed);
  }

  /** Messages the broker took and consumers should receive: sent minus those not accepted. */
  public long accepted() {
    return sent - notAccepted.total();
  }
}
