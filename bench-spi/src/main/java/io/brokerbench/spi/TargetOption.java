package io.brokerbench.spi;

import java.util.Objects;

/**
 * Where a driver's broker is named, for tools that pick a broker on their own (the JUnit extension,
 * the project's integration tests): the option that names it, the environment variable that names
 * one for tests, and the address of a broker running on this machine. When none answers, the option
 * is left out and the driver falls back to its own default (an embedded broker, where it has one).
 *
 * @param option the driver option naming the broker, such as {@code uri}
 * @param environmentVariable the variable naming a broker for tests, such as {@code
 *     BROKERBENCH_AMQP_URI}
 * @param localAddress the option's value for a broker on this machine, such as {@code
 *     amqp://guest:guest@127.0.0.1:5672}
 * @param localPort the TCP port on 127.0.0.1 that answers when that broker runs
 */
public record TargetOption(
    String option, String environmentVariable, String localAddress, int localPort) {

  /** Checks the names are present. */
  public TargetOption {
    Objects.requireNonNull(option, "option");
    Objects.requireNonNull(environmentVariable, "environmentVariable");
    Objects.requireNonNull(localAddress, "localAddress");
  }
}
