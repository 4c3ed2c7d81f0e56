package io.brokerbench.spi;

/**
 * Receives one consumer's deliveries. Implemented by the core; drivers call it from their delivery
 * threads. Methods must be fast and never block; they do not allocate.
 */
public interface DeliveryListener {

  /** Value of {@code brokerTimestampMillis} when the broker gave no store time. */
  long NO_TIMESTAMP = Long.MIN_VALUE;

  /**
   * One message arrived. The driver acknowledges it according to the consumer's {@link AckMode}
   * after this returns.
   *
   * @param stamp the array holding the message's stamp (the body, or the header value); read only
   *     during the call, the driver keeps ownership
   * @param offset where the stamp starts in {@code stamp}
   * @param redelivered true when the broker flags the delivery as a redelivery
   * @param brokerTimestampMillis when the broker stored the message (RocketMQ store time), epoch
   *     milliseconds, or {@link #NO_TIMESTAMP}
   */
  void onDelivery(byte[] stamp, int offset, boolean redelivered, long brokerTimestampMillis);

  /** The consumer failed and will receive no more. */
  void onFailure(DriverException failure);
}
