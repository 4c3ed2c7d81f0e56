package io.brokerbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brokerbench.BenchmarkRun;
import io.brokerbench.contract.RequiredBroker;
import io.brokerbench.latency.LatencyHistograms;
import io.brokerbench.result.Environment;
import io.brokerbench.result.IntervalSample;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.WorkloadSummary;
import io.brokerbench.workload.Workload;
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
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real Prometheus scrapes the endpoint during a loopback run, and its own PromQL answers agree
 * with the run's result: the sent total exactly, the e2e p99 to within a bucket. Needs {@code
 * /usr/bin/prometheus} (Debian package {@code prometheus}); skips without it, fails without it when
 * {@code CI=true}.
 */
class PrometheusScrapeIT {
  private static final Path PROMETHEUS = Path.of("/usr/bin/prometheus");
  private static final Duration WAIT = Duration.ofSeconds(30);
  private static final ObjectMapper JSON = new ObjectMapper();

  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  @Test
  void prometheusSeesTheRunsSentTotalAndE2eP99(@TempDir Path dir) throws Exception {
    requirePrometheus();
    Workload workload =
        Workload.builder()
            .producers(1)
            .consumers(1)
            .destination("orders")
            .rate(5_000)
            .duration(Duration.ofSeconds(6))
            .inFlightWindow(100)
            .build();
    Process prometheus = null;
    try (PrometheusEndpoint endpoint = new PrometheusEndpoint(0)) {
      int prometheusPort = freePort();
      prometheus = startPrometheus(dir, endpoint.port(), prometheusPort);
      String api = "http://127.0.0.1:" + prometheusPort;
      awaitReady(api, prometheus, dir);

      RunResult result =
          BenchmarkRun.builder(workload)
              .driver("loopback", Map.of())
              .sink(new KeepServing(endpoint))
              .build()
              .run();

      assertThat(result.completed()).isTrue();
      assertThat(result.totals().counts().sent()).isPositive();
      // Lost is served only once the run has ended: when Prometheus has it, it has the last values.
      await(api, "brokerbench_messages_lost", prometheus, dir);
      assertThat(query(api, "brokerbench_messages_lost")).isZero();
      assertThat(query(api, "sum(brokerbench_messages_total{outcome=\"sent\"})"))
          .isEqualTo(result.totals().counts().sent());
      // The whole run's buckets, not their rate(): a rate() misses what the first scrape of the run
      // already counted, and here, without a warm-up, the result counts everything.
      double p99Seconds =
          query(
              api,
              "histogram_quantile(0.99, sum by (le)"
                  + " (brokerbench_latency_seconds_bucket{kind=\"e2e\"}))");
      double resultP99Seconds = result.latency().get("e2e").p99Micros() / 1e6;
      assertThat(Math.abs(bucketIndex(p99Seconds) - bucketIndex(resultP99Seconds)))
          .as("bucket of Prometheus' p99 %s s vs the result's %s s", p99Seconds, resultP99Seconds)
          .isLessThanOrEqualTo(1);
    } finally {
      stop(prometheus);
    }
  }

  private static void requirePrometheus() {
    if (Files.isExecutable(PROMETHEUS)) {
      return;
    }
    String missing = PROMETHEUS + " (Debian package prometheus) is missing";
    if (RequiredBroker.inCi()) {
      Assertions.fail(missing + "; CI must install it");
    }
    Assumptions.abort(missing);
  }

  private static Process startPrometheus(Path dir, int endpointPort, int prometheusPort)
      throws IOException {
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
            "      - targets: ['127.0.0.1:" + endpointPort + "']",
            ""));
    return new ProcessBuilder(
            PROMETHEUS.toString(),
            "--config.file=" + config,
            "--storage.tsdb.path=" + dir.resolve("data"),
            "--web.listen-address=127.0.0.1:" + prometheusPort)
        .redirectErrorStream(true)
        .redirectOutput(dir.resolve("prometheus.log").toFile())
        .start();
  }

  private void awaitReady(String api, Process prometheus, Path dir) throws Exception {
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (System.nanoTime() < deadline) {
      checkAlive(prometheus, dir);
      try {
        if (get(api + "/-/ready").statusCode() == 200) {
          return;
        }
      } catch (IOException notListeningYet) {
        // Prometheus opens its port a moment after it starts.
      }
      Thread.sleep(200);
    }
    Assertions.fail("Prometheus not ready within " + WAIT + ": " + log(dir));
  }

  /** Waits until the query has a result, that is until a scrape brought the series. */
  private void await(String api, String promql, Process prometheus, Path dir) throws Exception {
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (System.nanoTime() < deadline) {
      checkAlive(prometheus, dir);
      if (!results(api, promql).isEmpty()) {
        return;
      }
      Thread.sleep(200);
    }
    Assertions.fail("Prometheus has no " + promql + " within " + WAIT + ": " + log(dir));
  }

  /** The value of a query with one result. */
  private double query(String api, String promql) throws Exception {
    JsonNode results = results(api, promql);
    assertThat(results).as(promql).hasSize(1);
    return Double.parseDouble(results.get(0).get("value").get(1).asText());
  }

  private JsonNode results(String api, String promql) throws Exception {
    HttpResponse<String> response =
        get(api + "/api/v1/query?query=" + URLEncoder.encode(promql, StandardCharsets.UTF_8));
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return JSON.readTree(response.body()).get("data").get("result");
  }

  private HttpResponse<String> get(String url) throws IOException, InterruptedException {
    return http.send(
        HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(5)).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  /** The index of the bucket whose range ({@code previous bound, bound]} holds the value. */
  private static int bucketIndex(double seconds) {
    long nanos = Math.round(seconds * 1e9);
    int i = 0;
    while (i < PrometheusEndpoint.LATENCY_BUCKET_BOUNDS_NANOS.length
        && nanos > PrometheusEndpoint.LATENCY_BUCKET_BOUNDS_NANOS[i]) {
      i++;
    }
    return i;
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  private static void checkAlive(Process prometheus, Path dir) throws IOException {
    if (!prometheus.isAlive()) {
      Assertions.fail("Prometheus exited with " + prometheus.exitValue() + ": " + log(dir));
    }
  }

  private static String log(Path dir) throws IOException {
    List<String> lines = Files.readAllLines(dir.resolve("prometheus.log"));
    return String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
  }

  private static void stop(Process prometheus) throws InterruptedException {
    if (prometheus == null) {
      return;
    }
    prometheus.destroy();
    if (!prometheus.waitFor(10, TimeUnit.SECONDS)) {
      prometheus.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }
  }

  /**
   * Passes the run's reports on but leaves the endpoint open when the run closes its sinks, so
   * Prometheus can scrape the values set when the run ended.
   */
  private record KeepServing(PrometheusEndpoint endpoint) implements ReportSink {
    @Override
    public void started(Environment environment, WorkloadSummary workload) {
      endpoint.started(environment, workload);
    }

    @Override
    public void interval(IntervalSample sample, LatencyHistograms histograms) {
      endpoint.interval(sample, histograms);
    }

    @Override
    public void finished(RunResult result) {
      endpoint.finished(result);
    }
  }
}
