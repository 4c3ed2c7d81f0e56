package io.brokerbench;

import io.brokerbench.spi.DriverProvider;
import io.brokerbench.spi.TargetOption;
import io.brokerbench.spi.UriPasswords;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * The broker a run uses, by one rule for the CLI and the JUnit extension: the broker the driver
 * options name; else the one the driver's environment variable names ({@code BROKERBENCH_AMQP_URI},
 * {@code BROKERBENCH_AMQP10_URI}, {@code BROKERBENCH_ROCKETMQ_NAMESRV}); else the driver's embedded
 * broker. (The JUnit extension puts a container before the embedded broker when the test brings
 * Testcontainers.) A broker that merely answers on this machine is never taken on its own: a run
 * measures the broker its user named.
 *
 * <pre>{@code
 * BrokerTarget target = BrokerTarget.of(provider, options, System::getenv);
 * System.out.println(target.description()); // amqp://u:****@mq:5672 (from BROKERBENCH_AMQP_URI)
 * }</pre>
 *
 * @param options the driver options, with the environment's broker added when it named one
 * @param description one line saying which broker and why, passwords masked; null when the options
 *     named it (the run's first line shows it) or the driver names no broker
 */
public record BrokerTarget(Map<String, String> options, String description) {

  /** Copies the options. */
  public BrokerTarget {
    options = Map.copyOf(options);
  }

  /**
   * The broker for {@code driver} given {@code options}, reading the environment through {@code
   * environment}.
   */
  public static BrokerTarget of(
      DriverProvider driver, Map<String, String> options, Function<String, String> environment) {
    TargetOption target = driver.target();
    if (target == null || options.containsKey(target.option())) {
      return new BrokerTarget(options, null);
    }
    String named = environment.apply(target.environmentVariable());
    if (named != null && !named.isBlank()) {
      Map<String, String> withBroker = new LinkedHashMap<>(options);
      withBroker.put(target.option(), named);
      return new BrokerTarget(
          withBroker, UriPasswords.mask(named) + " (from " + target.environmentVariable() + ")");
    }
    return new BrokerTarget(
        options,
        "the "
            + driver.name()
            + " driver's embedded broker (no "
            + target.option()
            + " given; "
            + target.environmentVariable()
            + " not set)");
  }
}
