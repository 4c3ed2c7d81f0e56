package io.brokerbench.amqp091;

import io.brokerbench.spi.Driver;
import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.DriverOption;
import io.brokerbench.spi.DriverProvider;
import io.brokerbench.spi.TargetOption;
import java.util.List;
import java.util.Map;

/**
 * Provides the {@code amqp091} driver: AMQP 0.9.1 through RabbitMQ's amqp-client, against RabbitMQ
 * (classic, quorum and stream queues) or any AMQP 0-9-1 broker, or an embedded Qpid broker when no
 * URI is given.
 */
public final class Amqp091DriverProvider implements DriverProvider {
  /**
   * RabbitMQ 4.0, for tools that start a broker in a container; its image lets guest in from
   * outside.
   */
  private static final String CONTAINER_IMAGE = "rabbitmq:4.0";

  @Override
  public String name() {
    return "amqp091";
  }

  @Override
  public String description() {
    return "AMQP 0.9.1 (RabbitMQ amqp-client): classic, quorum and stream queues, publisher"
        + " confirms; an embedded Qpid broker when no uri is given";
  }

  /** RabbitMQ PerfTest's closing summary lines. */
  @Override
  public String familiarReport() {
    return "perftest";
  }

  /** {@code uri}; a RabbitMQ on this machine; the embedded Qpid Broker-J when none answers. */
  @Override
  public TargetOption target() {
    return new TargetOption(
        "uri", "BROKERBENCH_AMQP_URI", "amqp://guest:guest@127.0.0.1:5672", 5672, CONTAINER_IMAGE);
  }

  @Override
  public List<DriverOption> options() {
    return Amqp091Config.OPTIONS.help();
  }

  /** Parses the options as {@link #open} does, and opens nothing. */
  @Override
  public void check(Map<String, String> options) {
    Amqp091Config.parse(options);
  }

  @Override
  public Driver open(Map<String, String> options) throws DriverException {
    return Amqp091Driver.open(Amqp091Config.parse(options));
  }
}
