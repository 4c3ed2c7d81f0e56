package io.brokerbench.rocketmq;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.latency.LatencyHistograms;
import io.brokerbench.result.IntervalSample;
import io.brokerbench.result.Rates;
import io.brokerbench.result.TestResults;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class RocketMqToolReportTest {
  private final StringWriter text = new StringWriter();
  private final PrintWriter out = new PrintWriter(text);

  @Test
  void rocketMqToolLinesWithFailuresSplitLikeTheTool() {
    new RocketMqToolReport(out).interval(TestResults.interval(), LatencyHistograms.empty());

    assertThat(text.toString())
        .containsPattern(
            "Current Time: .* \\| Send TPS: 10000 \\| Max RT\\(ms\\): 2 \\| Average RT\\(ms\\): "
                + "  1.500 \\| Send Failed: 2 \\| Response Failed: 3")
        .containsPattern(
            "Current Time: .* \\| Consume TPS: 9000 \\| AVG\\(B2C\\) RT\\(ms\\):   1.500 \\|"
                + " AVG\\(S2C\\) RT\\(ms\\):   1.500 \\| MAX\\(B2C\\) RT\\(ms\\): 8 \\|"
                + " MAX\\(S2C\\) RT\\(ms\\): 4");
  }

  @Test
  void whatWasNotMeasuredShowsAsADashNeverAsZero() {
    IntervalSample withoutConfirms =
        new IntervalSample(
            0,
            0,
            0,
            0,
            1,
            false,
            TestResults.counts(1_000, 0, 1_000),
            new Rates(1_000, 0, 1_000),
            java.util.Map.of("e2e_send", TestResults.latency(1_000, 8_000)),
            10,
            1 << 20);
    new RocketMqToolReport(out).interval(withoutConfirms, LatencyHistograms.empty());

    assertThat(text.toString())
        .containsPattern("Send TPS: 1000 \\| Max RT\\(ms\\): - \\| Average RT\\(ms\\): +- \\|")
        .containsPattern("AVG\\(S2C\\) RT\\(ms\\): +- \\|.* MAX\\(S2C\\) RT\\(ms\\): -");
  }
}
