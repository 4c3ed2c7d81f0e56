package io.brokerbench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.withinPercentage;

import io.brokerbench.latency.LatencyHistograms;
import io.brokerbench.latency.LatencyKind;
import io.brokerbench.latency.LatencyRecorder;
import io.brokerbench.result.ClientCost;
import io.brokerbench.result.IntegrityCounts;
import io.brokerbench.result.IntervalSample;
import io.brokerbench.result.MessageCounts;
import io.brokerbench.result.NotAccepted;
import io.brokerbench.result.Rates;
import io.brokerbench.result.TestResults;
import io.brokerbench.result.Totals;
import io.brokerbench.result.WorkloadSummary;
import io.brokerbench.workload.Workload;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class PrometheusEndpointTest {
  private static final String E2E = "driver=\"amqp091\",kind=\"e2e\"";

  private final Workload workload =
      Workload.builder().destination("orders").rate(1_000).duration(Duration.ofSeconds(1)).build();
  private PrometheusEndpoint endpoint;

  @BeforeEach
  void start() throws IOException {
    endpoint = new PrometheusEndpoint(0);
    endpoint.started(TestResults.environment(), WorkloadSummary.of(workload));
  }

  @AfterEach
  void stop() {
    endpoint.close();
  }

  @Test
  void eachLatencyKindIsDescribedByItsOwnLabel() throws Exception {
    Scrape scrape = scrape();

    String help = scrape.help("brokerbench_latency_seconds");
    for (LatencyKind kind : LatencyKind.values()) {
      assertThat(help).contains(kind.key() + " = " + kind.label());
      assertThat(
              scrape.value(
                  "brokerbench_latency_seconds_count{driver=\"amqp091\",kind=\""
                      + kind.key()
                      + "\"}"))
          .isZero();
    }
    assertThat(scrape.help("brokerbench_messages_total"))
        .contains("sent", "confirmed", "received", "retried", "skipped");
  }

  @Test
  void messageCountersAddUpOverIntervalsAndUnconfirmedIsTheLatestLevel() throws Exception {
    endpoint.interval(
        sample(new MessageCounts(100, 90, 80, new NotAccepted(1, 2, 3, 4, 5), 6, 7, 0, 8)),
        LatencyHistograms.empty());
    endpoint.interval(
        sample(
            new MessageCounts(1000, 900, 800, new NotAccepted(10, 20, 30, 40, 50), 60, 70, 0, 3)),
        LatencyHistograms.empty());

    Scrape scrape = scrape();

    Map<String, Double> expected = new HashMap<>();
    expected.put("sent", 1100.0);
    expected.put("confirmed", 990.0);
    expected.put("received", 880.0);
    expected.put("rejected", 11.0);
    expected.put("released", 22.0);
    expected.put("modified", 33.0);
    expected.put("failed", 44.0);
    expected.put("returned", 55.0);
    expected.put("retried", 66.0);
    expected.put("skipped", 77.0);
    expected.forEach(
        (outcome, messages) ->
            assertThat(
                    scrape.value(
                        "brokerbench_messages_total{driver=\"amqp091\",outcome=\""
                            + outcome
                            + "\"}"))
                .as(outcome)
                .isEqualTo(messages));
    assertThat(scrape.value("brokerbench_messages_unconfirmed{driver=\"amqp091\"}")).isEqualTo(3);
    assertThat(scrape.value("brokerbench_client_cpu_percent{driver=\"amqp091\"}")).isEqualTo(12.5);
    assertThat(scrape.value("brokerbench_client_rss_bytes{driver=\"amqp091\"}")).isEqualTo(1 << 20);
  }

  @Test
  void bucketsHoldTheRunsCumulativeCountsAtEachBound() throws Exception {
    Random random = new Random(14);
    Histogram run = LatencyRecorder.newHistogram();
    for (int interval = 0; interval < 2; interval++) {
      Histogram e2e = LatencyRecorder.newHistogram();
      for (int i = 0; i < 10_000; i++) {
        // Log-uniform from 1 µs to about 20 minutes: every bucket, +Inf included, gets values.
        e2e.recordValue((long) Math.pow(10, 3 + random.nextDouble() * 9.1));
      }
      e2e.recordValue(PrometheusEndpoint.LATENCY_BUCKET_BOUNDS_NANOS[3]); // exactly on a bound
      run.add(e2e);
      endpoint.interval(sample(MessageCounts.ZERO), histograms(e2e, 2));
    }

    Scrape scrape = scrape();

    for (long boundNanos : PrometheusEndpoint.LATENCY_BUCKET_BOUNDS_NANOS) {
      assertThat(scrape.value(bucket(boundNanos / 1e9)))
          .as("le=%s", boundNanos / 1e9)
          .isEqualTo(run.getCountBetweenValues(0, boundNanos));
    }
    assertThat(scrape.value("brokerbench_latency_seconds_bucket{" + E2E + ",le=\"+Inf\"}"))
        .isEqualTo(20_002);
    assertThat(scrape.value("brokerbench_latency_seconds_count{" + E2E + "}")).isEqualTo(20_002);
    assertThat(scrape.value("brokerbench_latency_seconds_sum{" + E2E + "}"))
        .isCloseTo(run.getMean() * 20_002 / 1e9, within(1e-6));
    assertThat(scrape.value("brokerbench_negative_latencies_total{" + E2E + "}")).isEqualTo(4);
    assertThat(scrape.value("brokerbench_latency_seconds_count{driver=\"amqp091\",kind=\"slip\"}"))
        .isZero();
  }

  @Test
  void tenMillionValuesAreExportedFromTheirCountsWithoutReplayingThem() throws Exception {
    Histogram e2e = LatencyRecorder.newHistogram();
    e2e.recordValueWithCount(1_500_000, 4_000_000); // 1.5 ms
    e2e.recordValueWithCount(30_000_000, 5_000_000); // 30 ms
    e2e.recordValueWithCount(700_000_000_000L, 1_000_000); // 700 s: above the last bound

    endpoint.interval(sample(MessageCounts.ZERO), histograms(e2e, 0));
    Scrape scrape = scrape();

    assertThat(scrape.value(bucket(0.001))).isZero();
    assertThat(scrape.value(bucket(0.002))).isEqualTo(4_000_000);
    assertThat(scrape.value(bucket(0.02))).isEqualTo(4_000_000);
    assertThat(scrape.value(bucket(0.05))).isEqualTo(9_000_000);
    assertThat(scrape.value(bucket(600))).isEqualTo(9_000_000);
    assertThat(scrape.value("brokerbench_latency_seconds_bucket{" + E2E + ",le=\"+Inf\"}"))
        .isEqualTo(10_000_000);
    assertThat(scrape.value("brokerbench_latency_seconds_sum{" + E2E + "}"))
        .isCloseTo(4e6 * 0.0015 + 5e6 * 0.03 + 1e6 * 700, withinPercentage(0.1));
  }

  @Test
  void lossIsServedOnceTheRunHasEnded() throws Exception {
    endpoint.interval(sample(TestResults.counts(10, 10, 3)), LatencyHistograms.empty());
    assertThat(scrape().help("brokerbench_messages_lost")).isNull();

    endpoint.finished(
        TestResults.completed(
            workload,
            new Totals(
                1,
                1,
                TestResults.counts(10, 10, 3),
                new Rates(10, 10, 3),
                ClientCost.of(0, MessageCounts.ZERO, -1)),
            Map.of(),
            new IntegrityCounts(3, 7, 2, 0, 0, 1)));
    Scrape scrape = scrape();

    assertThat(scrape.value("brokerbench_messages_lost{driver=\"amqp091\"}")).isEqualTo(7);
    assertThat(scrape.value("brokerbench_messages_duplicated{driver=\"amqp091\"}")).isEqualTo(2);
    assertThat(scrape.value("brokerbench_messages_foreign{driver=\"amqp091\"}")).isEqualTo(1);
  }

  private static String bucket(double boundSeconds) {
    return "brokerbench_latency_seconds_bucket{" + E2E + ",le=\"" + boundSeconds + "\"}";
  }

  private static LatencyHistograms histograms(Histogram e2e, long negative) {
    return LatencyHistograms.empty().put(LatencyKind.END_TO_END, e2e, negative);
  }

  private static IntervalSample sample(MessageCounts counts) {
    return new IntervalSample(
        0, 0, 0, 0, 1, false, counts, new Rates(0, 0, 0), Map.of(), 12.5, 1 << 20);
  }

  private Scrape scrape() throws IOException, InterruptedException {
    HttpResponse<String> response =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + endpoint.port() + "/metrics"))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.headers().firstValue("Content-Type"))
        .hasValueSatisfying(type -> assertThat(type).startsWith("text/plain; version=0.0.4"));
    return Scrape.parse(response.body());
  }

  /** The samples and HELP texts of a scrape, keyed by series and by family. */
  private record Scrape(Map<String, Double> samples, Map<String, String> helps) {
    static Scrape parse(String body) {
      Map<String, Double> samples = new HashMap<>();
      Map<String, String> helps = new HashMap<>();
      for (String line : body.split("\n")) {
        if (line.startsWith("# HELP ")) {
          String[] nameAndHelp = line.substring("# HELP ".length()).split(" ", 2);
          assertThat(helps.put(nameAndHelp[0], nameAndHelp[1])).as("HELP repeated").isNull();
        } else if (!line.startsWith("#") && !line.isBlank()) {
          int space = line.lastIndexOf(' ');
          samples.put(line.substring(0, space), Double.parseDouble(line.substring(space + 1)));
        }
      }
      return new Scrape(samples, helps);
    }

    double value(String series) {
      assertThat(samples).as("served series").containsKey(series);
      return samples.get(series);
    }

    String help(String family) {
      return helps.get(family);
    }
  }
}
