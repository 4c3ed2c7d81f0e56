package io.brokerbench.spi;

import java.util.Objects;

/**
 * The broker's product and version as the broker itself reports them (AMQP connection properties,
 * RocketMQ's broker runtime information), for the result.
 *
 * @param product such as {@code RabbitMQ}, or {@value #UNKNOWN_VALUE} when the broker did not say
 * @param version such as {@code 3.10.8}, or {@value #UNKNOWN_VALUE}
 */
public record BrokerIdentity(String product, String version) {
  /** What a field holds when the broker did not report it. */
  public static final String UNKNOWN_VALUE = "unknown";

  /** A broker that did not say what it is. */
  public static final BrokerIdentity UNKNOWN = new BrokerIdentity(UNKNOWN_VALUE, UNKNOWN_VALUE);

  /** Replaces missing values by {@value #UNKNOWN_VALUE}. */
  public BrokerIdentity {
    product = Objects.requireNonNullElse(product, UNKNOWN_VALUE);
    version = Objects.requireNonNullElse(version, UNKNOWN_VALUE);
  }
}
