package io.brokerbench.result;

/**
 * What the consumers saw of the producers' sequences.
 *
 * @param unique messages received at least once
 * @param lost messages sent and accepted by the broker but never received (0 when nothing was
 *     expected)
 * @param duplicates messages received again without the broker flagging a redelivery
 * @param redelivered messages received again with the broker's redelivery flag
 * @param outOfOrder messages received after a message with a higher sequence number
 * @param foreign messages whose stamp names no producer of this run (left over in a queue or
 *     stream, or sent by another process)
 * @param stillQueued messages not received but, as the broker counted them at the end, still in the
 *     destinations: not lost, and not in {@code lost}
 */
public record IntegrityCounts(
    long unique,
    long lost,
    long duplicates,
    long redelivered,
    long outOfOrder,
    long foreign,
    long stillQueued) {

  /** Nothing received, nothing lost. */
  public static final IntegrityCounts NONE = new IntegrityCounts(0, 0, 0, 0, 0, 0);

  /** Counts with nothing known to be still queued. */
  public IntegrityCounts(
      long unique, long lost, long duplicates, long redelivered, long outOfOrder, long foreign) {
    this(unique, lost, duplicates, redelivered, outOfOrder, foreign, 0);
  }

  /**
   * These counts with up to {@code waiting} of the missing messages moved from lost to still
   * queued: the broker still holds them (its count may include messages of other runs, so no more
   * than the missing ones move).
   */
  public IntegrityCounts withStillQueued(long waiting) {
    long queued = Math.max(0, Math.min(lost + stillQueued, waiting));
    return new IntegrityCounts(
        unique, lost + stillQueued - queued, duplicates, redelivered, outOfOrder, foreign, queued);
  }

  /**
   * The counts over these producers' sequences.
   *
   * @param producers what consumers saw of each producer, one entry per producer
   * @param foreign messages received that no producer of the run sent
   * @param lossCounted which producers' missing messages count as lost (a shard of a larger run
   *     counts only those its own consumers read; the merged result counts all)
   */
  public static IntegrityCounts of(
      Iterable<ProducerIntegrity> producers,
      long foreign,
      java.util.function.Predicate<ProducerIntegrity> lossCounted) {
    IntegrityCounts total = new IntegrityCounts(0, 0, 0, 0, 0, foreign);
    for (ProducerIntegrity p : producers) {
      total =
          total.plus(
              new IntegrityCounts(
                  p.unique(),
                  lossCounted.test(p) ? p.lost() : 0,
                  p.duplicates(),
                  p.redelivered(),
                  p.outOfOrder(),
                  0));
    }
    return total;
  }

  /** The sum of both. */
  public IntegrityCounts plus(IntegrityCounts o) {
    return new IntegrityCounts(
        unique + o.unique,
        lost + o.lost,
        duplicates + o.duplicates,
        redelivered + o.redelivered,
        outOfOrder + o.outOfOrder,
        foreign + o.foreign,
        stillQueued + o.stillQueued);
  }

  /** This minus {@code o}. */
  public IntegrityCounts minus(IntegrityCounts o) {
    return new IntegrityCounts(
        unique - o.unique,
        lost - o.lost,
        duplicates - o.duplicates,
        redelivered - o.redelivered,
        outOfOrder - o.outOfOrder,
        foreign - o.foreign,
        stillQueued - o.stillQueued);
  }

  /** True when nothing was lost or duplicated. */
  public boolean clean() {
    return lost == 0 && duplicates == 0;
  }
}
