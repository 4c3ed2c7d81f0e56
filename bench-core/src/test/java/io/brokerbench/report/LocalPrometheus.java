package io.brokerbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brokerbench.contract.RequiredBroker;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * A real Prometheus (Debian package {@code prometheus}) started for a test, scraping the given
 * targets every second, and its HTTP query API. Skips the test without {@code /usr/bin/prometheus},
 * fails it when {@code CI=true}.
 */
public final class LocalPrometheus implements AutoCloseable {
  private static final Path PROMETHEUS = Path.of("/usr/bin/prometheus");
  private static final Duration WAIT = Duration.ofSeconds(30);
  private static final ObjectMapper JSON = new ObjectMapper();

  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  private final Process process;
  private final Path dir;
  private final String api;

  private LocalPrometheus(Process process, Path dir, String api) {
    this.process = process;
    this.dir = dir;
    this.api = api;
  }

  /**
   * Starts Prometheus scraping these {@code host:port} targets and waits until it is ready.
   *
   * @param dir where its configuration, data and log go
   */
  public static LocalPrometheus start(Path dir, List<String> targets) throws Exception {
    if (!Files.isExecutable(PROMETHEUS)) {
      String missing = PROMETHEUS + " (Debian package prometheus) is missing";
      if (RequiredBroker.inCi()) {
        Assertions.fail(missing + "; CI must install it");
      }
      Assumptions.abort(missing);
    }
    Files.createDirectories(dir);
    Path config = dir.resolve("prometheus.yml");
    Files.writeString(
        config,
        String.join(
            "\n",
            "global:",
            "  scrape_interval: 1s",
            "scrape_configs:",
            "  - job_name: brokerbench",
            "    static_configs:",
            "      - targets: ["
                + targets.stream().map(t -> "'" + t + "'").collect(Collectors.joining(", "))
                + "]",
            ""));
    int port = freePort();
    Process process =
        new ProcessBuilder(
                PROMETHEUS.toString(),
                "--config.file=" + config,
                "--storage.tsdb.path=" + dir.resolve("data"),
                "--web.listen-address=127.0.0.1:" + port)
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("prometheus.log").toFile())
            .start();
    LocalPrometheus prometheus = new LocalPrometheus(process, dir, "http://127.0.0.1:" + port);
    try {
      prometheus.awaitReady();
    } catch (Exception | AssertionError e) {
      prometheus.close();
      throw e;
    }
    return prometheus;
  }

  private void awaitReady() throws Exception {
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (System.nanoTime() < deadline) {
      checkAlive();
      try {
        if (get(api + "/-/ready").statusCode() == 200) {
          return;
        }
      } catch (IOException notListeningYet) {
        // Prometheus opens its port a moment after it starts.
      }
      Thread.sleep(200);
    }
    Assertions.fail("Prometheus not ready within " + WAIT + ": " + log());
  }

  /** Waits until the query has a result, that is until a scrape brought the series. */
  public void await(String promql) throws Exception {
    await(promql, results -> !results.isEmpty());
  }

  /** Waits until the query's results satisfy the condition. */
  public void await(String promql, java.util.function.Predicate<JsonNode> condition)
      throws Exception {
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (System.nanoTime() < deadline) {
      checkAlive();
      if (condition.test(results(promql))) {
        return;
      }
      Thread.sleep(200);
    }
    Assertions.fail("Prometheus has no such " + promql + " within " + WAIT + ": " + log());
  }

  /** The value of a query with one result. */
  public double query(String promql) throws Exception {
    JsonNode results = results(promql);
    assertThat(results).as(promql).hasSize(1);
    return Double.parseDouble(results.get(0).get("value").get(1).asText());
  }

  /** The query's results, as the API's {@code data.result} array. */
  public JsonNode results(String promql) throws Exception {
    HttpResponse<String> response =
        get(api + "/api/v1/query?query=" + URLEncoder.encode(promql, StandardCharsets.UTF_8));
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return JSON.readTree(response.body()).get("data").get("result");
  }

  /** The index of the endpoint's bucket whose range ({@code previous bound, bound]} holds it. */
  public static int bucketIndex(double seconds) {
    long nanos = Math.round(seconds * 1e9);
    int i = 0;
    while (i < PrometheusEndpoint.LATENCY_BUCKET_BOUNDS_NANOS.length
        && nanos > PrometheusEndpoint.LATENCY_BUCKET_BOUNDS_NANOS[i]) {
      i++;
    }
    return i;
  }

  private HttpResponse<String> get(String url) throws IOException, InterruptedException {
    return http.send(
        HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(5)).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  private void checkAlive() throws IOException {
    if (!process.isAlive()) {
      Assertions.fail("Prometheus exited with " + process.exitValue() + ": " + log());
    }
  }

  private String log() throws IOException {
    List<String> lines = Files.readAllLines(dir.resolve("prometheus.log"));
    return String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
  }

  /** Stops Prometheus, forcibly after 10 s. */
  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }
}
