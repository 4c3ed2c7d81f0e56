package io.brokerbench.spi;

import java.util.Objects;

/**
 * What one consumer receives and how it acknowledges.
 *
 * @param consumerIndex 0-based index of this consumer in the run
 * @param destination the destination it consumes from
 * @param prefetch the most unacknowledged deliveries the broker may push (AMQP 0.9.1 qos, AMQP 1.0
 *     link credit); 0 means the driver's default
 * @param ackMode how deliveries are acknowledged
 * @param ackEvery for {@link AckMode#MULTIPLE}, acknowledge once every this many deliveries
 */
public record ConsumerSpec(
    int consumerIndex, String destination, int prefetch, AckMode ackMode, int ackEvery) {

  /** Checks the values. */
  public ConsumerSpec {
    Objects.requireNonNull(destination, "destination");
    Objects.requireNonNull(ackMode, "ackMode");
  }
}
