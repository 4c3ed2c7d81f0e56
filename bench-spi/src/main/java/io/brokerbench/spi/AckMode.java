package io.brokerbench.spi;

/** How a consumer acknowledges deliveries. */
public enum AckMode {
  /**
   * The broker considers a message acknowledged when it is sent (AMQP 0.9.1 auto-ack, pre-settled).
   */
  AUTO,
  /** Each delivery is acknowledged on its own. */
  EACH,
  /** One acknowledgement covers every delivery so far, sent once every N deliveries. */
  MULTIPLE
}
