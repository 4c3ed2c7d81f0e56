package io.brokerbench.result;

/**
 * One producer's sequence as the consumers of one run saw it, kept per producer so that results of
 * a workload split over several processes merge exactly: a message sent in one process and received
 * in another is added to its producer's entry there, neither lost nor foreign.
 *
 * @param producer the producer's global index in the workload (0-based, across all shards)
 * @param accepted messages of this producer the broker accepted (confirmed, or without confirms
 *     sent and not refused; a message still unconfirmed at the end only if it arrived), as counted
 *     by the process that ran the producer; 0 in the entries of other processes
 * @param consumed true when some consumer of the workload reads the producer's destination, so its
 *     accepted messages are expected to arrive
 * @param unique distinct messages received
 * @param duplicates received again without a redelivery flag
 * @param redelivered received again with the broker's redelivery flag
 * @param outOfOrder received after a message with a higher sequence number
 */
public record ProducerIntegrity(
    int producer,
    long accepted,
    boolean consumed,
    long unique,
    long duplicates,
    long redelivered,
    long outOfOrder) {

  /** Accepted messages that never arrived, when they were expected to. */
  public long lost() {
    return consumed ? Math.max(0, accepted - unique) : 0;
  }

  /**
   * The same producer's entries of two processes added up.
   *
   * @throws IllegalArgumentException for entries of different producers
   */
  public ProducerIntegrity plus(ProducerIntegrity o) {
    if (o.producer != producer) {
      throw new IllegalArgumentException(
          "entries of producers " + producer + " and " + o.producer + " do not add up");
    }
    return new ProducerIntegrity(
        producer,
        accepted + o.accepted,
        consumed || o.consumed,
        unique + o.unique,
        duplicates + o.duplicates,
        redelivered + o.redelivered,
        outOfOrder + o.outOfOrder);
  }
}
