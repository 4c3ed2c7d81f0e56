package io.brokerbench.amqp10;

import io.brokerbench.spi.Driver;
import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.DriverOption;
import io.brokerbench.spi.DriverProvider;
import io.brokerbench.spi.TargetOption;
import java.util.List;
import java.util.Map;

/**
 * Provides the {@code amqp10} driver: AMQP 1.0 through Apache Qpid protonj2-client.
 *
 * <pre>{@code
 * bench run amqp10 //127.0.0.1:5672//amq/queue/q --count 100k
 * }</pre>
 *
 * <p>Without {@code url}, {@code host} and {@code port} it starts an embedded Qpid Broker-J (AMQP
 * 1.0, memory store) in this process; its figures are smoke figures, since it shares the CPU.
 */
public final class Amqp10DriverProvider implements DriverProvider {
  /** RabbitMQ 4.0, whose AMQP 1.0 needs no plugin, for tools that start a broker in a container. */
  private static final String CONTAINER_IMAGE = "rabbitmq:4.0";

  static final String NAME = "amqp10";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String description() {
    return "AMQP 1.0 (RabbitMQ amqp1_0 plugin or 4.x, Qpid, Artemis, ...) on " + EngineIo.LIBRARY;
  }

  /** quiver's table and RESULTS block. */
  @Override
  public String familiarReport() {
    return "quiver";
  }

  /** {@code url}; RabbitMQ's AMQP 1.0 on this machine; the embedded Qpid Broker-J otherwise. */
  @Override
  public TargetOption target() {
    return new TargetOption(
        "url",
        "BROKERBENCH_AMQP10_URI",
        "amqp://guest:guest@127.0.0.1:5672",
        5672,
        CONTAINER_IMAGE);
  }

  @Override
  public List<DriverOption> options() {
    return Amqp10Config.OPTIONS.help();
  }

  /** Parses the options as {@link #open} does, and opens nothing. */
  @Override
  public void check(Map<String, String> options) {
    Amqp10Config.parse(options);
  }

  @Override
  public Driver open(Map<String, String> options) throws DriverException {
    // Parsed first, so that a mistake is reported before any broker is started or reached.
    Amqp10Config config = Amqp10Config.parse(options);
    if (Amqp10Config.namesNoBroker(options)) {
      return Amqp10Driver.embedded(options);
    }
    return new Amqp10Driver(config, null);
  }
}
