package io.brokerbench.spi;

/** How the broker settled a message. */
public enum SendOutcome {
  /** Stored or routed: AMQP 0.9.1 ack, AMQP 1.0 accepted, RocketMQ SEND_OK. */
  ACCEPTED,
  /** Refused by the broker: AMQP 0.9.1 nack, AMQP 1.0 rejected. */
  REJECTED,
  /** AMQP 1.0 released: not processed, may be sent again. */
  RELEASED,
  /** AMQP 1.0 modified. */
  MODIFIED,
  /** The send failed in the client or the broker answered with an error (RocketMQ failures). */
  FAILED
}
