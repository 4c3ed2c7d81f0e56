package io.brokerbench.spi;

import java.util.List;
import java.util.Map;

/**
 * Reads a broker's own load, every node of it, for the run to sample through its course. A reading
 * is bounded by the reader's timeout; the run calls it from one thread of its own, never from a
 * send or receive path.
 *
 * <pre>{@code
 * BrokerLoadReader reader = driver.brokerLoad();
 * List<BrokerNodeReading> before = reader.read();
 * // ... load ...
 * List<BrokerNodeReading> after = reader.read();   // CPU used = after.cpuMillis - before.cpuMillis
 * }</pre>
 */
public interface BrokerLoadReader {

  /**
   * Where the figures come from, for the report, such as {@code Prometheus endpoint
   * http://127.0.0.1:15692/metrics}; never contains a password. Asked after a successful {@link
   * #read}, it names the source that answered.
   */
  String source();

  /**
   * Every node's load now.
   *
   * @throws DriverException when no source answered, saying which were tried and what to enable
   */
  List<BrokerNodeReading> read() throws DriverException;

  /**
   * The broker's memory by what uses it, bytes by the broker's own category names (RabbitMQ: {@code
   * queue_procs}, {@code binary}, {@code connection_readers} ...), summed over its nodes; read once
   * at the end of a run. Empty (the default) when the broker gives no breakdown.
   *
   * @throws DriverException when the broker gives one but could not be asked
   */
  default Map<String, Long> memoryBreakdown() throws DriverException {
    return Map.of();
  }
}
