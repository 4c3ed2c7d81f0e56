package io.brokerbench.amqp091;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.latency.LatencyRecorder;
import io.brokerbench.report.ConsoleReport;
import io.brokerbench.result.ClientCost;
import io.brokerbench.result.IntegrityCounts;
import io.brokerbench.result.LatencySummary;
import io.brokerbench.result.Rates;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.TestResults;
import io.brokerbench.result.Totals;
import io.brokerbench.workload.Workload;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class PerfTestSummaryTest {
  private static final String FOOTER =
      "brokerbench figures: rates after the warm-up, latencies from the intended send time over"
          + " every message (HdrHistogram)";

  private final StringWriter out = new StringWriter();

  @Test
  void printsPerfTestsLinesWithBrokerbenchsFigures() {
    RunResult result =
        result(
            1,
            1,
            192,
            31_250.9,
            31_249.2,
            Map.of(
                "e2e", latency(64, 341, 441, 671, 912),
                "e2e_send", latency(1, 2, 3, 4, 5),
                "confirm", latency(60, 293, 390, 587, 800),
                "confirm_send", latency(6, 7, 8, 9, 10)));

    assertThat(print(new PerfTestSummary(new PrintWriter(out)), result))
        .containsExactly(
            "id: brokerbench, sending rate avg: 31251 msg/s",
            "id: brokerbench, receiving rate avg: 31249 msg/s",
            "id: brokerbench, consumer latency min/median/75th/95th/99th 64/341/441/671/912 µs",
            "id: brokerbench, confirm latency min/median/75th/95th/99th 60/293/390/587/800 µs",
            "id: brokerbench, " + FOOTER);
  }

  @Test
  void omitsTheConfirmLineWithoutConfirmsAndTheIdWhenNoneIsGiven() {
    RunResult result = result(1, 1, 0, 5.25, 0.5, Map.of("e2e", latency(10, 20, 30, 40, 50)));

    assertThat(print(new PerfTestSummary(new PrintWriter(out), null), result))
        .containsExactly(
            "sending rate avg: 5.3 msg/s",
            "receiving rate avg: 0.50 msg/s",
            "consumer latency min/median/75th/95th/99th 10/20/30/40/50 µs",
            FOOTER);
  }

  @Test
  void printsZerosLikePerfTestWhenALatencyHasNoValues() {
    RunResult result = result(1, 1, 192, 0, 0, Map.of());

    assertThat(print(new PerfTestSummary(new PrintWriter(out), "run-1"), result))
        .containsExactly(
            "id: run-1, sending rate avg: 0 msg/s",
            "id: run-1, receiving rate avg: 0 msg/s",
            "id: run-1, consumer latency min/median/75th/95th/99th 0/0/0/0/0 µs",
            "id: run-1, confirm latency min/median/75th/95th/99th 0/0/0/0/0 µs",
            "id: run-1, " + FOOTER);
  }

  @Test
  void aRunThatFailedBeforeSendingHasNoSummaryOnlyItsError() {
    RunResult result =
        TestResults.failedBeforeSending(Workload.builder().build(), "cannot reach the broker");

    assertThat(print(new PerfTestSummary(new PrintWriter(out)), result)).isEmpty();
  }

  @Test
  void formatsRatesWithPerfTestsPrecisionRounded() {
    assertThat(PerfTestSummary.rate(0)).isEqualTo("0");
    assertThat(PerfTestSummary.rate(0.123)).isEqualTo("0.12");
    assertThat(PerfTestSummary.rate(9.96)).isEqualTo("10.0");
    assertThat(PerfTestSummary.rate(10.99)).isEqualTo("11");
    assertThat(PerfTestSummary.rate(123_456.7)).isEqualTo("123457");
  }

  @Test
  void aRateReadsTheSameAsInTheConsoleSummary() {
    RunResult result = result(1, 1, 192, 24_637.7, 24_637.5, Map.of());
    StringWriter console = new StringWriter();
    new ConsoleReport(new PrintWriter(console)).finished(result);

    assertThat(console.toString())
        .contains("sent 200000 (24638 msg/s)", "received 200000 (24638 msg/s)");
    assertThat(print(new PerfTestSummary(new PrintWriter(out)), result))
        .contains(
            "id: brokerbench, sending rate avg: 24638 msg/s",
            "id: brokerbench, receiving rate avg: 24638 msg/s");
  }

  private List<String> print(PerfTestSummary summary, RunResult result) {
    summary.finished(result);
    return out.toString().lines().toList();
  }

  /**
   * A summary from a real histogram of 100 values with these percentiles, in microseconds. Under 1
   * ms a 3-digit histogram resolves better than a microsecond; the minimum is reported as the
   * lowest value of its bucket, so it must fall on a bucket boundary (60 and 64 µs do).
   */
  private static LatencySummary latency(long min, long p50, long p75, long p95, long p99) {
    Histogram h = LatencyRecorder.newHistogram();
    h.recordValue(min * 1_000);
    h.recordValueWithCount(p50 * 1_000, 49);
    h.recordValueWithCount(p75 * 1_000, 25);
    h.recordValueWithCount(p95 * 1_000, 20);
    h.recordValueWithCount(p99 * 1_000, 4);
    h.recordValue(999_000);
    return LatencySummary.of(h, 0);
  }

  private static RunResult result(
      int producers,
      int consumers,
      int window,
      double sentPerSecond,
      double receivedPerSecond,
      Map<String, LatencySummary> latency) {
    Workload workload =
        Workload.builder()
            .producers(producers)
            .consumers(consumers)
            .inFlightWindow(window)
            .messagesPerProducer(200_000)
            .build();
    Totals totals =
        new Totals(
            6.4,
            6.4,
            TestResults.counts(200_000, 200_000, 200_000),
            new Rates(sentPerSecond, sentPerSecond, receivedPerSecond),
            new ClientCost(1.0, 5.0, -1));
    return TestResults.completed(
        workload, totals, latency, new IntegrityCounts(200_000, 0, 0, 0, 0, 0));
  }
}
