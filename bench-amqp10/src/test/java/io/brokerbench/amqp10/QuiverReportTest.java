package io.brokerbench.amqp10;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.latency.LatencyHistograms;
import io.brokerbench.result.ClientCost;
import io.brokerbench.result.IntegrityCounts;
import io.brokerbench.result.Rates;
import io.brokerbench.result.TestResults;
import io.brokerbench.result.Totals;
import io.brokerbench.workload.Workload;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;
import org.junit.jupiter.api.Test;

class QuiverReportTest {
  private final StringWriter text = new StringWriter();
  private final PrintWriter out = new PrintWriter(text);

  @Test
  void quiverTableAndResultsBlock() {
    QuiverReport report = new QuiverReport(out);
    report.interval(TestResults.interval(), LatencyHistograms.empty());
    report.finished(
        TestResults.completed(
            Workload.builder().build(),
            new Totals(
                2,
                2,
                TestResults.counts(20_000, 19_000, 18_000),
                new Rates(10_000, 9_500, 9_000),
                new ClientCost(1, 50, 1)),
            Map.of("e2e", TestResults.latency(1_234, 9_999)),
            new IntegrityCounts(18_000, 0, 0, 0, 0, 0)));

    assertThat(text.toString())
        .contains("     2.0       20,000     10,000      55    200.0       2.0       18,000")
        .contains("Sender rate ...")
        .containsPattern("End-to-end rate \\.+ 9,000 messages/s")
        .containsPattern(" +0% \\.+ +5 us +90.00% \\.+ +3,000 us")
        .containsPattern(" +25% \\.+ +100 us +99.00% \\.+ +5,000 us")
        .containsPattern(" +100% \\.+ +9,999 us +99.99% \\.+ +7,000 us");
  }
}
