package io.brokerbench.rocketmq;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.latency.LatencyHistograms;
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
}
