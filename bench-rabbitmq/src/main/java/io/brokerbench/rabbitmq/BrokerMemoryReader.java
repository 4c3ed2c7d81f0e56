package io.brokerbench.rabbitmq;

import com.fasterxml.jackson.databind.JsonNode;
import io.brokerbench.spi.BrokerMemory;
import io.brokerbench.spi.DriverException;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;

/**
 * Reads a RabbitMQ cluster's memory: from the management API ({@code mem_used} of every node in
 * {@code /api/nodes}), or when that is not reachable from the node's Prometheus endpoint ({@code
 * rabbitmq_process_resident_memory_bytes}, that node only). {@code erlang:memory()} is not used: on
 * some machines it reports impossible figures.
 */
public final class BrokerMemoryReader {
  private static final String METRIC = "rabbitmq_process_resident_memory_bytes";

  /**
   * How long a reading may take: a node holding tens of thousands of connections answers its
   * management API slowly.
   */
  public static final Duration TIMEOUT = Duration.ofSeconds(30);

  private final ManagementApi api;
  private final URI prometheus;
  private final String version;

  /**
   * A reader.
   *
   * @param prometheus the node's Prometheus endpoint, such as {@code
   *     http://127.0.0.1:15692/metrics}
   * @param version the RabbitMQ version the driver connected to, or null when it did not say: an
   *     endpoint serving another version is another broker's
   */
  public BrokerMemoryReader(ManagementApi api, URI prometheus, String version) {
    this.api = api;
    this.prometheus = prometheus;
    this.version = version;
  }

  /**
   * The memory now.
   *
   * @throws DriverException when neither endpoint answered, saying both and how to enable one
   */
  public BrokerMemory read() throws DriverException {
    String managementFailure;
    try {
      long used = 0;
      int nodes = 0;
      for (JsonNode node : json("/api/nodes")) {
        if (node.path("running").asBoolean(true)) {
          // Asked per node, this breakdown is computed now; mem_used lags by the stats interval.
          JsonNode total =
              json("/api/nodes/" + ManagementApi.encode(node.path("name").asText()) + "/memory")
                  .path("memory")
                  .path("total");
          used += total.path("rss").asLong(total.path("allocated").asLong());
          nodes++;
        }
      }
      if (nodes > 0) {
        return new BrokerMemory(
            used, "management API at " + api.base() + ", resident memory of " + nodes + " node(s)");
      }
      managementFailure = "shows no running node";
    } catch (IOException e) {
      managementFailure = e.getMessage();
    }
    String prometheusFailure;
    try {
      return new BrokerMemory(
          metric(api.fetch(prometheus, false)),
          "Prometheus endpoint " + prometheus + ", " + METRIC + " of that node");
    } catch (IOException e) {
      prometheusFailure = e.getMessage();
    }
    throw new DriverException(
        "cannot read the broker's memory: its management API at "
            + api.base()
            + " ("
            + managementFailure
            + ") and its Prometheus endpoint "
            + prometheus
            + " ("
            + prometheusFailure
            + ") gave no figure: enable the rabbitmq_management or rabbitmq_prometheus plugin,"
            + " or give --management-url");
  }

  private JsonNode json(String path) throws IOException {
    return api.json(path);
  }

  private long metric(String text) throws IOException {
    PrometheusText page = new PrometheusText(text);
    RabbitMqLoadReader.checkVersion(page, version);
    long sum = page.sum(METRIC);
    if (sum < 0) {
      throw new IOException("has no " + METRIC);
    }
    return sum;
  }
}
