package io.brokerbench.rabbitmq;

import com.fasterxml.jackson.databind.JsonNode;
import io.brokerbench.spi.BrokerLoadReader;
import io.brokerbench.spi.BrokerNodeReading;
import io.brokerbench.spi.DeclaredOption;
import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.LocalBrokerProcess;
import io.brokerbench.spi.OptionException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads a RabbitMQ cluster's own load from each node's Prometheus endpoint (plugin {@code
 * rabbitmq_prometheus}, 3.10 and 4.x alike): CPU ({@code
 * erlang_vm_statistics_runtime_milliseconds}, every thread of the Erlang VM), resident memory,
 * bytes in and out of the VM's ports (client and inter-node traffic), bytes written by the message
 * store, messages in queues and the resource alarms on. A node whose endpoint is off but which runs
 * on this machine is read from its process instead (CPU, memory, disk writes). The memory breakdown
 * comes from the management API.
 */
public final class RabbitMqLoadReader implements BrokerLoadReader {
  /** How long one endpoint may take to answer: a reading is due every interval. */
  public static final Duration TIMEOUT = Duration.ofSeconds(2);

  /** The driver option naming the endpoints, shared by the AMQP 0.9.1 and AMQP 1.0 drivers. */
  public static final DeclaredOption<String> OPTION =
      DeclaredOption.text(
          "prometheus-url",
          "RabbitMQ's Prometheus endpoints, one per node, comma-separated, read every interval for"
              + " the broker's own load (default: http://HOST:15692/metrics of each node)");

  private static final Map<String, String> ALARMS =
      Map.of(
          "rabbitmq_alarms_memory_used_watermark", "memory",
          "rabbitmq_alarms_free_disk_space_watermark", "disk",
          "rabbitmq_alarms_file_descriptor_limit", "file descriptors");

  /**
   * One node: where its AMQP port is and where its Prometheus endpoint is.
   *
   * @param host the node's host
   * @param port its AMQP port, to find its process on this machine when the endpoint is off
   * @param prometheus its Prometheus endpoint
   */
  public record Node(String host, int port, URI prometheus) {}

  private final ManagementApi api;
  private final List<Node> nodes;
  private final String version;
  private final List<Optional<LocalBrokerProcess>> processes = new ArrayList<>();
  // Each node's name as first read: readings are matched by name, so it never changes in a run.
  private final Map<Node, String> names = new java.util.HashMap<>();
  private String source = "";

  private RabbitMqLoadReader(ManagementApi api, List<Node> nodes, String version) {
    this.api = api;
    this.nodes = List.copyOf(nodes);
    this.version = version;
  }

  /**
   * A reader of these nodes.
   *
   * @param api the management API, for the memory breakdown
   * @param amqpNodes each node's host and AMQP port, in the order the user gave them
   * @param prometheusOption the {@code prometheus-url} option's value, or null for port 15692 of
   *     each node's host
   * @param version the RabbitMQ version the driver connected to, or null when it did not say: an
   *     endpoint of another version is another broker's (port 15692 of a host running two)
   * @throws OptionException when the option names another number of endpoints than nodes
   */
  public static RabbitMqLoadReader of(
      ManagementApi api,
      List<Map.Entry<String, Integer>> amqpNodes,
      String prometheusOption,
      String version) {
    List<URI> endpoints =
        endpoints(prometheusOption, amqpNodes.stream().map(Map.Entry::getKey).toList());
    List<Node> nodes = new ArrayList<>();
    for (int i = 0; i < amqpNodes.size(); i++) {
      nodes.add(new Node(amqpNodes.get(i).getKey(), amqpNodes.get(i).getValue(), endpoints.get(i)));
    }
    return new RabbitMqLoadReader(api, nodes, version);
  }

  /**
   * The Prometheus endpoint of each node: those the option names (a URL without a path gets {@code
   * /metrics}), or port 15692 of each host.
   *
   * @throws OptionException when the option names another number of endpoints than hosts, or a
   *     malformed URL
   */
  public static List<URI> endpoints(String option, List<String> hosts) {
    if (option == null || option.isBlank()) {
      return hosts.stream().map(h -> URI.create("http://" + h + ":15692/metrics")).toList();
    }
    List<String> urls = Arrays.stream(option.split(",")).map(String::trim).toList();
    if (urls.size() != hosts.size()) {
      throw new OptionException(
          "--prometheus-url names "
              + urls.size()
              + " endpoint(s) for "
              + hosts.size()
              + " node(s): give one per node, in the order of the node URIs");
    }
    List<URI> endpoints = new ArrayList<>();
    for (String url : urls) {
      try {
        URI uri = new URI(url);
        if (uri.getHost() == null
            || uri.getScheme() == null
            || !uri.getScheme().startsWith("http")) {
          throw new URISyntaxException(url, "not an http URL");
        }
        endpoints.add(
            uri.getPath() == null || uri.getPath().isEmpty() || uri.getPath().equals("/")
                ? uri.resolve("/metrics")
                : uri);
      } catch (URISyntaxException e) {
        throw new OptionException(
            "--prometheus-url: '"
                + url
                + "' is not an endpoint URL: give one such as http://127.0.0.1:15692/metrics");
      }
    }
    return endpoints;
  }

  @Override
  public synchronized String source() {
    return source;
  }

  @Override
  public synchronized List<BrokerNodeReading> read() throws DriverException {
    List<BrokerNodeReading> readings = new ArrayList<>();
    List<String> sources = new ArrayList<>();
    List<String> failures = new ArrayList<>();
    for (int i = 0; i < nodes.size(); i++) {
      Node node = nodes.get(i);
      Optional<LocalBrokerProcess> process = process(i, node);
      BrokerNodeReading fromEndpoint = null;
      try {
        fromEndpoint = fromPrometheus(node);
      } catch (IOException | RuntimeException e) {
        failures.add("its Prometheus endpoint " + node.prometheus() + " (" + e.getMessage() + ")");
      }
      if (fromEndpoint != null && process.isPresent()) {
        // The VM's runtime statistic is user time only; the process's CPU is user and system.
        BrokerNodeReading own = process.get().read();
        readings.add(
            new BrokerNodeReading(
                fromEndpoint.node(),
                own.cpuMillis(),
                fromEndpoint.memoryBytes(),
                fromEndpoint.networkInBytes(),
                fromEndpoint.networkOutBytes(),
                own.diskWriteBytes() >= 0 ? own.diskWriteBytes() : fromEndpoint.diskWriteBytes(),
                fromEndpoint.queuedMessages(),
                fromEndpoint.alarms()));
        sources.add(
            "Prometheus endpoint "
                + node.prometheus()
                + ", CPU and disk writes from its "
                + process.get().description());
      } else if (fromEndpoint != null) {
        readings.add(fromEndpoint);
        sources.add(
            "Prometheus endpoint "
                + node.prometheus()
                + " (CPU is the Erlang VM's user time: system time is left out)");
      } else if (process.isPresent()) {
        BrokerNodeReading own = process.get().read();
        readings.add(
            new BrokerNodeReading(
                names.computeIfAbsent(node, n -> own.node()),
                own.cpuMillis(),
                own.memoryBytes(),
                own.networkInBytes(),
                own.networkOutBytes(),
                own.diskWriteBytes(),
                own.queuedMessages(),
                own.alarms()));
        sources.add(
            process.get().description()
                + " (CPU, memory and disk writes only: enable rabbitmq_prometheus for the rest)");
      }
    }
    if (readings.isEmpty()) {
      throw new DriverException(
          "cannot read the broker's load: "
              + String.join(", ", failures)
              + " gave nothing and no node runs on this machine: enable the rabbitmq_prometheus"
              + " plugin, or give --prometheus-url");
    }
    source = String.join("; ", sources);
    return readings;
  }

  /** The node's process on this machine, looked for once; empty for a node on another host. */
  private Optional<LocalBrokerProcess> process(int index, Node node) {
    while (processes.size() <= index) {
      processes.add(null);
    }
    if (processes.get(index) == null) {
      processes.set(
          index,
          local(node.host()) ? LocalBrokerProcess.listeningOn(node.port()) : Optional.empty());
    }
    return processes.get(index);
  }

  private static boolean local(String host) {
    try {
      InetAddress address = InetAddress.getByName(host);
      return address.isLoopbackAddress() || address.isAnyLocalAddress();
    } catch (IOException e) {
      return false;
    }
  }

  private BrokerNodeReading fromPrometheus(Node node) throws IOException {
    PrometheusText page = new PrometheusText(api.fetch(node.prometheus(), false));
    long cpu = page.sum("erlang_vm_statistics_runtime_milliseconds");
    if (cpu < 0) {
      throw new IOException(
          "is not RabbitMQ's: it has no erlang_vm_statistics_runtime_milliseconds");
    }
    checkVersion(page, version);
    String name =
        names.computeIfAbsent(
            node,
            n -> {
              String label = page.label("rabbitmq_identity_info", "rabbitmq_node");
              return label != null ? label : n.host() + ":" + n.port();
            });
    List<String> alarms = new ArrayList<>();
    ALARMS.forEach(
        (metric, alarm) -> {
          if (page.sum(metric) > 0) {
            alarms.add(alarm);
          }
        });
    alarms.sort(null);
    return new BrokerNodeReading(
        name,
        cpu,
        page.sum("rabbitmq_process_resident_memory_bytes"),
        page.sum("erlang_vm_statistics_bytes_received_total"),
        page.sum("erlang_vm_statistics_bytes_output_total"),
        page.sum("rabbitmq_io_write_bytes_total"),
        page.sum("rabbitmq_queue_messages"),
        alarms);
  }

  /**
   * Refuses a page of another RabbitMQ version than {@code version} (null: any): another broker's
   * endpoint, such as port 15692 of a host running two.
   */
  static void checkVersion(PrometheusText page, String version) throws IOException {
    String served = page.label("rabbitmq_build_info", "rabbitmq_version");
    if (version != null && served != null && !served.equals(version)) {
      throw new IOException(
          "serves RabbitMQ "
              + served
              + ", not the "
              + version
              + " the run connected to: another broker's endpoint");
    }
  }

  /** Every running node's {@code /api/nodes/NAME/memory}, summed by category. */
  @Override
  public Map<String, Long> memoryBreakdown() throws DriverException {
    Map<String, Long> sum = new LinkedHashMap<>();
    for (JsonNode node : api.get("/api/nodes", "to read the broker's memory breakdown")) {
      if (!node.path("running").asBoolean(true)) {
        continue;
      }
      JsonNode memory =
          api.get(
                  "/api/nodes/" + ManagementApi.encode(node.path("name").asText()) + "/memory",
                  "to read the broker's memory breakdown")
              .path("memory");
      for (Map.Entry<String, JsonNode> e : memory.properties()) {
        if (e.getValue().isNumber() && !e.getKey().equals("strategy")) {
          sum.merge(e.getKey(), e.getValue().asLong(), Long::sum);
        }
      }
    }
    return sum;
  }
}
