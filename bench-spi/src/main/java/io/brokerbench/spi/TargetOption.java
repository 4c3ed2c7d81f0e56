package io.brokerbench.spi;

import java.util.Objects;

/**
 * Where a driver's broker is named, for tools that pick a broker on their own (the JUnit extension,
 * the project's integration tests): the option that names it, the environment variable that names
 * one for tests, the address of a broker running on this machine, and a container image serving
 * that broker. When none answers, the option is left out and the driver falls back to its own
 * default (an embedded broker, where it has one).
 *
 * @param option the driver option naming the broker, such as {@code uri}
 * @param environmentVariable the variable naming a broker for tests, such as {@code
 *     BROKERBENCH_AMQP_URI}
 * @param localAddress the option's value for a broker on this machine, such as {@code
 *     amqp://guest:guest@127.0.0.1:5672}
 * @param localPort the TCP port on 127.0.0.1 that answers when that broker runs
 * @param containerImage a container image whose broker answers on {@code localPort} inside the
 *     container and accepts {@code localAddress}'s credentials from outside it, such as {@code
 *     rabbitmq:4.0}; {@code null} when the broker needs more than one container
 */
public record TargetOption(
    String option,
    String environmentVariable,
    String localAddress,
    int localPort,
    String containerImage) {

  /** Checks the names are present and that the local address names the local port. */
  public TargetOption {
    Objects.requireNonNull(option, "option");
    Objects.requireNonNull(environmentVariable, "environmentVariable");
    Objects.requireNonNull(localAddress, "localAddress");
    if (!localAddress.contains(localEndpoint(localPort))) {
      throw new IllegalArgumentException(
          localAddress + " does not name " + localEndpoint(localPort));
    }
  }

  /** A target with no container image. */
  public TargetOption(
      String option, String environmentVariable, String localAddress, int localPort) {
    this(option, environmentVariable, localAddress, localPort, null);
  }

  /**
   * The option's value for the same broker reached at another host and port, such as a container's
   * mapped port: {@code localAddress} with its {@code 127.0.0.1:localPort} replaced.
   *
   * @param host the host the broker answers on
   * @param port the port the broker answers on
   * @return the option's value naming that broker
   */
  public String addressAt(String host, int port) {
    return localAddress.replace(localEndpoint(localPort), host + ":" + port);
  }

  private static String localEndpoint(int port) {
    return "127.0.0.1:" + port;
  }
}
