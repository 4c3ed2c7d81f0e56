package io.brokerbench.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import io.brokerbench.spi.BrokerNodeReading;
import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.OptionException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The reader's parsing and its failures, against HTTP endpoints this test serves: one that answers
 * as RabbitMQ 3.10's Prometheus plugin does, one that answers something else, one too slow, one
 * off. (The reader against real brokers is tested in the drivers' integration tests.)
 */
class RabbitMqLoadReaderTest {
  // Lines of a real page of RabbitMQ 3.10.8's aggregated endpoint, others left out.
  private static final String PAGE =
      """
      # TYPE erlang_vm_statistics_runtime_milliseconds counter
      erlang_vm_statistics_runtime_milliseconds 2537
      erlang_vm_statistics_bytes_received_total 1048576
      erlang_vm_statistics_bytes_output_total 2097152
      rabbitmq_process_resident_memory_bytes 140148736
      rabbitmq_io_write_bytes_total 4096
      rabbitmq_queue_messages 12
      rabbitmq_alarms_file_descriptor_limit 0
      rabbitmq_alarms_free_disk_space_watermark 0
      rabbitmq_alarms_memory_used_watermark 1
      rabbitmq_identity_info{rabbitmq_node="rabbit@localhost",rabbitmq_cluster="rabbit@vm"} 1
      rabbitmq_build_info{rabbitmq_version="3.10.8",erlang_version="25.2.3"} 1
      """;

  private HttpServer server;

  private URI serve(String body, long delayMillis) throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext(
        "/",
        exchange -> {
          try {
            Thread.sleep(delayMillis);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
          exchange.sendResponseHeaders(200, bytes.length);
          exchange.getResponseBody().write(bytes);
          exchange.close();
        });
    server.start();
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/metrics");
  }

  @AfterEach
  void stop() {
    if (server != null) {
      server.stop(0);
    }
  }

  /** A reader of one node whose AMQP port is this process's own, so no broker process is found. */
  private RabbitMqLoadReader reader(URI prometheus) {
    int ownPort = server != null ? server.getAddress().getPort() : 1;
    return RabbitMqLoadReader.of(
        new ManagementApi("http://127.0.0.1:1", "guest", "guest", RabbitMqLoadReader.TIMEOUT),
        List.of(Map.entry("127.0.0.1", ownPort)),
        prometheus.toString(),
        "3.10.8");
  }

  @Test
  void readsEveryFigureOfANodeFromItsPrometheusPage() throws Exception {
    URI endpoint = serve(PAGE, 0);

    RabbitMqLoadReader reader = reader(endpoint);
    List<BrokerNodeReading> nodes = reader.read();

    assertThat(nodes)
        .containsExactly(
            new BrokerNodeReading(
                "rabbit@localhost",
                2537,
                140_148_736,
                1_048_576,
                2_097_152,
                4_096,
                12,
                List.of("memory")));
    assertThat(reader.source())
        .isEqualTo(
            "Prometheus endpoint "
                + endpoint
                + " (CPU is the Erlang VM's user time: system time is left out)");
  }

  @Test
  void anEndpointThatIsNotRabbitMqsIsRefusedSayingWhatToEnable() throws Exception {
    URI endpoint = serve("hello", 0);

    assertThatThrownBy(() -> reader(endpoint).read())
        .isInstanceOf(DriverException.class)
        .hasMessage(
            "cannot read the broker's load: its Prometheus endpoint "
                + endpoint
                + " (is not RabbitMQ's: it has no erlang_vm_statistics_runtime_milliseconds)"
                + " gave nothing and no node runs on this machine: enable the rabbitmq_prometheus"
                + " plugin, or give --prometheus-url");
  }

  @Test
  void anotherVersionsEndpointIsAnotherBrokersAndRefused() throws Exception {
    URI endpoint = serve(PAGE.replace("3.10.8", "4.0.5"), 0);

    assertThatThrownBy(() -> reader(endpoint).read())
        .isInstanceOf(DriverException.class)
        .hasMessageContaining(
            "its Prometheus endpoint "
                + endpoint
                + " (serves RabbitMQ 4.0.5, not the 3.10.8 the run connected to: another broker's"
                + " endpoint)");
  }

  @Test
  void aSlowEndpointFailsOnTheReadersTimeout() throws Exception {
    // The endpoint answers 2 s after the timeout: only the timeout can end the read first.
    URI endpoint = serve(PAGE, RabbitMqLoadReader.TIMEOUT.toMillis() + 2_000);

    assertThatThrownBy(() -> reader(endpoint).read())
        .isInstanceOf(DriverException.class)
        .hasMessageContaining("(SocketTimeoutException)");
  }

  @Test
  void anEndpointThatIsOffFails() throws Exception {
    int closed;
    try (ServerSocket socket = new ServerSocket(0)) {
      closed = socket.getLocalPort();
    }
    URI endpoint = URI.create("http://127.0.0.1:" + closed + "/metrics");

    assertThatThrownBy(() -> reader(endpoint).read())
        .isInstanceOf(DriverException.class)
        .hasMessageContaining("its Prometheus endpoint " + endpoint + " (ConnectException)")
        .hasMessageEndingWith("enable the rabbitmq_prometheus plugin, or give --prometheus-url");
  }

  @Test
  void theOptionNamesOneEndpointPerNode() {
    assertThat(RabbitMqLoadReader.endpoints(null, List.of("a", "b")))
        .containsExactly(
            URI.create("http://a:15692/metrics"), URI.create("http://b:15692/metrics"));
    assertThat(RabbitMqLoadReader.endpoints("http://a:35682, http://b:35683/", List.of("a", "b")))
        .containsExactly(
            URI.create("http://a:35682/metrics"), URI.create("http://b:35683/metrics"));
    assertThatThrownBy(() -> RabbitMqLoadReader.endpoints("http://a:1", List.of("a", "b")))
        .isInstanceOf(OptionException.class)
        .hasMessage(
            "--prometheus-url names 1 endpoint(s) for 2 node(s): give one per node, in the order"
                + " of the node URIs");
    assertThatThrownBy(() -> RabbitMqLoadReader.endpoints("a:1", List.of("a")))
        .isInstanceOf(OptionException.class)
        .hasMessage(
            "--prometheus-url: 'a:1' is not an endpoint URL: give one such as"
                + " http://127.0.0.1:15692/metrics");
  }
}
