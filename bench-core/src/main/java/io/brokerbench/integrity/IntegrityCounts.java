package io.brokerbench.integrity;

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
 */
public record IntegrityCounts(
    long unique, long lost, long duplicates, long redelivered, long outOfOrder, long foreign) {

  /** True when nothing was lost or duplicated. */
  public boolean clean() {
    return lost == 0 && duplicates == 0;
  }
}
