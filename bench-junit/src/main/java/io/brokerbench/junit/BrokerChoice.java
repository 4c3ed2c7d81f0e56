package io.brokerbench.junit;

import io.brokerbench.spi.DriverProvider;
import io.brokerbench.spi.TargetOption;
import io.brokerbench.spi.UriPasswords;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.Map;
import java.util.function.Function;

/**
 * The broker a test runs against, chosen in the order the project's own integration tests use: the
 * address an environment variable names, a broker answering on this machine, a container of the
 * driver's broker image where Testcontainers is on the test classpath and a Docker engine answers,
 * else none, so that the driver falls back to its embedded broker (Qpid Broker-J for AMQP, an
 * in-JVM name server and broker for RocketMQ).
 *
 * @param options the driver options naming the broker (empty for the embedded one)
 * @param description one line saying which broker and why, passwords masked
 */
record BrokerChoice(Map<String, String> options, String description) {
  private static final int PROBE_MILLIS = 500;

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
    String named = environment.apply(target.environmentVariable());
    if (named != null && !named.isBlank()) {
      return new BrokerChoice(
          Map.of(target.option(), named),
          driver.name()
              + ": "
              + UriPasswords.mask(named)
              + " (from "
              + target.environmentVariable()
              + ")");
    }
    if (answers(target.localPort())) {
      return new BrokerChoice(
          Map.of(target.option(), target.localAddress()),
          driver.name()
              + ": the broker on this machine, "
              + UriPasswords.mask(target.localAddress())
              + " ("
              + target.environmentVariable()
              + " not set)");
    }
    String noLocal =
        target.environmentVariable()
            + " not set; nothing answers at 127.0.0.1:"
            + target.localPort();
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
              + noLocal
              + ")");
    }
    return new BrokerChoice(
        Map.of(), driver.name() + ": its embedded broker (" + noLocal + "; " + noContainer + ")");
  }

  /** The driver's embedded broker, asked for by the test. */
  static BrokerChoice embedded(DriverProvider driver) {
    return new BrokerChoice(Map.of(), driver.name() + ": its embedded broker (asked for)");
  }

  private static boolean answers(int port) {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress("127.0.0.1", port), PROBE_MILLIS);
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}
