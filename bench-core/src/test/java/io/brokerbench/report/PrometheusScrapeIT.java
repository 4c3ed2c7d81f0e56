package io.brokerbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.BenchmarkRun;
import io.brokerbench.latency.LatencyHistograms;
import io.brokerbench.result.Environment;
import io.brokerbench.result.IntervalSample;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.WorkloadSummary;
import io.brokerbench.workload.Workload;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real Prometheus scrapes the endpoint during a loopback run, and its own PromQL answers agree
 * with the run's result: the sent total exactly, the e2e p99 to within a bucket. Needs {@code
 * /usr/bin/prometheus} (Debian package {@code prometheus}); skips without it, fails without it when
 * {@code CI=true}.
 */
class PrometheusScrapeIT {
  @Test
  void prometheusSeesTheRunsSentTotalAndE2eP99(@TempDir Path dir) throws Exception {
    Workload workload =
        Workload.builder()
            .producers(1)
            .consumers(1)
            .destination("orders")
            .rate(5_000)
            .duration(Duration.ofSeconds(6))
            .inFlightWindow(100)
            .build();
    try (PrometheusEndpoint endpoint = new PrometheusEndpoint(0);
        LocalPrometheus prometheus =
            LocalPrometheus.start(dir, List.of("127.0.0.1:" + endpoint.port()))) {
      RunResult result =
          BenchmarkRun.builder(workload)
              .driver("loopback", Map.of())
              .sink(new KeepServing(endpoint))
              .build()
              .run();

      assertThat(result.completed()).isTrue();
      assertThat(result.figures().totals().counts().sent()).isPositive();
      // Lost is served only once the run has ended: when Prometheus has it, it has the last values.
      prometheus.await("brokerbench_messages_lost");
      assertThat(prometheus.query("brokerbench_messages_lost")).isZero();
      assertThat(prometheus.query("sum(brokerbench_messages_total{outcome=\"sent\"})"))
          .isEqualTo(result.figures().totals().counts().sent());
      // The whole run's buckets, not their rate(): a rate() misses what the first scrape of the run
      // already counted, and here, without a warm-up, the result counts everything.
      double p99Seconds =
          prometheus.query(
              "histogram_quantile(0.99, sum by (le)"
                  + " (brokerbench_latency_seconds_bucket{kind=\"e2e\"}))");
      double resultP99Seconds = result.figures().latency().get("e2e").p99Micros() / 1e6;
      assertThat(
              Math.abs(
                  LocalPrometheus.bucketIndex(p99Seconds)
                      - LocalPrometheus.bucketIndex(resultP99Seconds)))
          .as("bucket of Prometheus' p99 %s s vs the result's %s s", p99Seconds, resultP99Seconds)
          .isLessThanOrEqualTo(1);
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
