package io.brokerbench.result;

import java.util.function.ToLongFunction;

/**
 * The counts of {@link MessageCounts} under the names metrics give them: the {@code outcome} label
 * of {@code brokerbench_messages_total}, in the order they are published.
 */
public enum MessageOutcome {
  /** Handed to the broker. */
  SENT("sent", MessageCounts::sent),
  /** Accepted by the broker. */
  CONFIRMED("confirmed", MessageCounts::confirmed),
  /** Received by consumers, duplicates included. */
  RECEIVED("received", MessageCounts::received),
  /** Refused by the broker. */
  REJECTED("rejected", c -> c.notAccepted().rejected()),
  /** Released by the broker (AMQP 1.0). */
  RELEASED("released", c -> c.notAccepted().released()),
  /** Modified by the broker (AMQP 1.0). */
  MODIFIED("modified", c -> c.notAccepted().modified()),
  /** Failed in the client. */
  FAILED("failed", c -> c.notAccepted().failed()),
  /** Returned as unroutable. */
  RETURNED("returned", c -> c.notAccepted().returned()),
  /** Send attempts repeated after a failed one; not messages. */
  RETRIED("retried", MessageCounts::retried),
  /** Intended sends the skip catch-up policy dropped. */
  SKIPPED("skipped", MessageCounts::skipped);

  private final String key;
  private final ToLongFunction<MessageCounts> count;

  MessageOutcome(String key, ToLongFunction<MessageCounts> count) {
    this.key = key;
    this.count = count;
  }

  /** The label value, such as {@code sent}. */
  public String key() {
    return key;
  }

  /** This outcome's count in {@code counts}. */
  public long of(MessageCounts counts) {
    return count.applyAsLong(counts);
  }
}
