package io.brokerbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.latency.LatencyHistograms;
import io.brokerbench.latency.LatencyKind;
import io.brokerbench.latency.LatencyRecorder;
import io.brokerbench.result.IntervalSample;
import io.brokerbench.result.Rates;
import io.brokerbench.result.TestResults;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class PrometheusEndpointTest {
  @Test
  void latencyIsServedAsAPrometheusHistogramWithCounters() throws Exception {
    Histogram e2e = LatencyRecorder.newHistogram();
    e2e.recordValueWithCount(2_000_000, 3);
    IntervalSample sample =
        new IntervalSample(
            0,
            0,
            0,
            0,
            1,
            false,
            TestResults.counts(5, 4, 3),
            new Rates(5, 4, 3),
            Map.of(),
            12.5,
            1 << 20);

    String body;
    try (PrometheusEndpoint endpoint = new PrometheusEndpoint(0)) {
      endpoint.interval(sample, LatencyHistograms.empty().put(LatencyKind.END_TO_END, e2e, 0));
      body =
          HttpClient.newHttpClient()
              .send(
                  HttpRequest.newBuilder(
                          URI.create("http://127.0.0.1:" + endpoint.port() + "/metrics"))
                      .build(),
                  HttpResponse.BodyHandlers.ofString())
              .body();
    }

    assertThat(body)
        .contains("# TYPE brokerbench_latency_seconds histogram")
        .containsPattern("brokerbench_latency_seconds_bucket\\{kind=\"e2e\",le=\"[0-9.]+\"} 3")
        .contains("brokerbench_latency_seconds_count{kind=\"e2e\"} 3")
        .contains("brokerbench_messages_total{event=\"sent\"} 5.0")
        .contains("brokerbench_client_rss_bytes 1048576.0");
  }
}
