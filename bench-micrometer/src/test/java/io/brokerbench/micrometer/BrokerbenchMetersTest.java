package io.brokerbench.micrometer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.brokerbench.BenchmarkRun;
import io.brokerbench.latency.LatencyHistograms;
import io.brokerbench.report.PrometheusEndpoint;
import io.brokerbench.report.ReportSink;
import io.brokerbench.result.IntervalSample;
import io.brokerbench.result.LatencySummary;
import io.brokerbench.result.RunResult;
import io.brokerbench.workload.Workload;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * A loopback run published into Micrometer's Prometheus registry: the scrape agrees with the run's
 * result and with the built-in endpoint's scrape of the same run.
 */
class BrokerbenchMetersTest {
  private final PrometheusMeterRegistry registry =
      new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);

  /** 2,000 messages with confirms, no warm-up: the result's totals are the whole run's. */
  private static Workload workload() {
    return Workload.builder()
        .destination("micrometer")
        .rate(4_000)
        .messagesPerProducer(2_000)
        .duration(null)
        .inFlightWindow(64)
        .warmup(Duration.ZERO)
        .reportInterval(Duration.ofMillis(100))
        .build();
  }

  @Test
  void theScrapeAgreesWithTheResultAndTheBuiltInEndpoint() throws Exception {
    BrokerbenchMeters meters = new BrokerbenchMeters();
    meters.bindTo(registry);
    Map<String, Double> builtIn = new TreeMap<>();
    PrometheusEndpoint endpoint = new PrometheusEndpoint(0);
    // The run closes its sinks, the endpoint's server with them: its final values are read as the
    // run finishes, by a sink after it.
    ReportSink lastScrape =
        new ReportSink() {
          @Override
          public void finished(RunResult result) throws IOException {
            try {
              builtIn.putAll(samples(scrape(endpoint.port())));
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
          }
        };
    RunResult result =
        BenchmarkRun.builder(workload())
            .driver("loopback")
            .sink(meters)
            .sink(endpoint)
            .sink(lastScrape)
            .build()
            .run();

    Map<String, Double> scrape = samples(registry.scrape());
    String loopback = "driver=\"loopback\"";
    assertThat(scrape)
        .containsEntry(
            "brokerbench_messages_total{" + loopback + ",outcome=\"sent\"}",
            (double) result.figures().totals().counts().sent())
        .containsEntry(
            "brokerbench_messages_total{" + loopback + ",outcome=\"confirmed\"}",
            (double) result.figures().totals().counts().confirmed())
        .containsEntry(
            "brokerbench_messages_total{" + loopback + ",outcome=\"received\"}",
            (double) result.figures().totals().counts().received())
        .containsEntry("brokerbench_messages_lost{" + loopback + "}", 0.0)
        .containsEntry(
            "brokerbench_messages_unconfirmed{" + loopback + "}",
            (double) result.figures().totals().counts().unconfirmed());
    LatencySummary e2e = result.figures().latency().get("e2e");
    String e2eLabels = "{" + loopback + ",kind=\"e2e\"";
    assertThat(scrape.get("brokerbench_latency_seconds_count" + e2eLabels + "}"))
        .isEqualTo((double) e2e.count());
    assertThat(
            scrape.get(
                "brokerbench_latency_percentile_seconds" + e2eLabels + ",quantile=\"0.99\"}"))
        .isCloseTo(e2e.p99Micros() / 1e6, within(1e-9));
    assertThat(scrape.get("brokerbench_latency_max_seconds" + e2eLabels + "}"))
        .isCloseTo(e2e.maxMicros() / 1e6, within(1e-9));

    // Every counter, count and sum the built-in endpoint serves, under the same name and labels.
    assertThat(builtIn).isNotEmpty();
    builtIn.forEach(
        (series, value) -> {
          if (series.startsWith("brokerbench_messages")
              || series.startsWith("brokerbench_latency_seconds_count")
              || series.startsWith("brokerbench_latency_seconds_sum")
              || series.startsWith("brokerbench_negative_latencies_total")) {
            assertThat(scrape).as(series).containsKey(series);
            assertThat(scrape.get(series)).as(series).isCloseTo(value, within(1e-9 + value * 1e-9));
          }
        });
  }

  @Test
  void lossIsNotANumberUntilTheRunEndsAndTheNextRunStartsFromNothing() throws Exception {
    BrokerbenchMeters meters = new BrokerbenchMeters();
    meters.bindTo(registry);
    String lost = "brokerbench_messages_lost{driver=\"loopback\"}";
    List<Double> lostWhileRunning = new ArrayList<>();
    ReportSink scraper =
        new ReportSink() {
          @Override
          public void interval(IntervalSample sample, LatencyHistograms histograms) {
            lostWhileRunning.add(samples(registry.scrape()).get(lost));
          }
        };

    BenchmarkRun.builder(workload()).driver("loopback").sink(meters).sink(scraper).build().run();
    BenchmarkRun.builder(workload().toBuilder().messagesPerProducer(500).build())
        .driver("loopback")
        .sink(meters)
        .build()
        .run();

    assertThat(lostWhileRunning).isNotEmpty().allSatisfy(v -> assertThat(v).isNaN());
    assertThat(samples(registry.scrape()))
        .containsEntry(lost, 0.0)
        .containsEntry("brokerbench_messages_total{driver=\"loopback\",outcome=\"sent\"}", 500.0);
  }

  private static String scrape(int port) throws IOException, InterruptedException {
    return HttpClient.newHttpClient()
        .send(
            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics")).build(),
            HttpResponse.BodyHandlers.ofString())
        .body();
  }

  /** Each sample line of a scrape, by its name and labels. */
  private static Map<String, Double> samples(String scrape) {
    Map<String, Double> samples = new TreeMap<>();
    for (String line : scrape.split("\n")) {
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      int space = line.lastIndexOf(' ');
      samples.put(line.substring(0, space), Double.parseDouble(line.substring(space + 1)));
    }
    return samples;
  }
}
