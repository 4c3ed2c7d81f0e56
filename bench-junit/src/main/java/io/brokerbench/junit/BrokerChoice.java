package io.brokerbench.junit;

import io.brokerbench.BrokerTarget;
import io.brokerbench.spi.DriverProvider;
import io.brokerbench.spi.TargetOption;
import io.brokerbench.spi.UriPasswords;
import java.util.Map;
import java.util.function.Function;

/**
 * The broker a test runs against, by {@link BrokerTarget}'s rule, the CLI's: the broker the
 * environment variable of the driver names; else, where Testcontainers is on the test classpath and
 * a Docker engine answers, a container of the driver's broker image; else the driver's embedded
 * broker (Qpid Broker-J for AMQP, an in-JVM name server and broker for RocketMQ). A broker that
 * merely answers on this machine is not taken: name it in the environment.
 *
 * @param options the driver options naming the broker (empty for the embedded one)
 * @param description one line saying which broker and why, passwords masked
 */
record BrokerChoice(Map<String, String> options, String description) {

  /**
   * The choice for a driver, reading the environment through {@code environment} and starting a
   * container, when it comes to that, through {@code containers}.
   */
  static BrokerChoice of(
      DriverProvider driver, Function<String, String> environment, BrokerContainers containers) {
    TargetOption target = driver.target();
    if (target == null) {
      return new BrokerChoice(Map.of(), driver.name() + ": its default broker");
    }
    BrokerTarget named = BrokerTarget.of(driver, Map.of(), environment);
    if (!named.options().isEmpty()) {
      return new BrokerChoice(named.options(), driver.name() + ": " + named.description());
    }
    String notSet = target.environmentVariable() + " not set";
    String noContainer =
        target.containerImage() == null ? "no container image for it" : containers.unavailable();
    if (noContainer == null) {
      String address = containers.start(target);
      return new BrokerChoice(
          Map.of(target.option(), address),
          driver.name()
              + ": a "
              + target.containerImage()
              + " container, "
              + UriPasswords.mask(address)
              + " ("
              + notSet
              + ")");
    }
    return new BrokerChoice(
        Map.of(), driver.name() + ": its embedded broker (" + notSet + "; " + noContainer + ")");
  }

  /** The driver's embedded broker, asked for by the test. */
  static BrokerChoice embedded(DriverProvider driver) {
    return new BrokerChoice(Map.of(), driver.name() + ": its embedded broker (asked for)");
  }
}
