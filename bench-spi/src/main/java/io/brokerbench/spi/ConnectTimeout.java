package io.brokerbench.spi;

import java.time.Duration;

/**
 * How long a driver waits for a connection and its protocol handshake: one option, with one
 * default, for every driver that connects.
 */
public final class ConnectTimeout {

  /**
   * The least an embedded broker started by the driver itself gets to answer: on a loaded machine a
   * broker that has just started answers its first handshakes slowly, and the user cannot have
   * given a wrong port.
   */
  public static final Duration EMBEDDED_BROKER_MINIMUM = Duration.ofSeconds(60);

  /** The {@code connect-timeout-ms} option. */
  public static final DeclaredOption<Duration> OPTION =
      DeclaredOption.millis(
          "connect-timeout-ms",
          "longest wait for a connection and its handshake, in milliseconds",
          10_000,
          1,
          Integer.MAX_VALUE);

  private ConnectTimeout() {}

  /** The timeout for a broker the driver started: {@code given}, but never below the minimum. */
  public static Duration forEmbeddedBroker(Duration given) {
    return given.compareTo(EMBEDDED_BROKER_MINIMUM) < 0 ? EMBEDDED_BROKER_MINIMUM : given;
  }
}
