package io.brokerbench.rocketmq;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.latency.LatencyHistograms;
import io.brokerbench.result.IntervalSample;
import io.brokerbench.result.LatencySummary;
import io.brokerbench.result.MessageCounts;
import io.brokerbench.result.NotAccepted;
import io.brokerbench.result.Rates;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RocketMqToolReportTest {
  private final StringWriter text = new StringWriter();
  private final PrintWriter out = new PrintWriter(text);

  private static LatencySummary latency(double p50Micros, double maxMicros) {
    return new LatencySummary(
        10, 5, 1_500, 100, p50Micros, 2_000, 3_000, 4_000, 5_000, 6_000, 7_000, maxMicros, 0, 0,
        null);
  }

  private static IntervalSample sample() {
    return new IntervalSample(
        0,
        0,
        1_700_000_000_000L,
        0,
        2,
        false,
        new MessageCounts(20_000, 19_000, 18_000, new NotAccepted(3, 0, 0, 2, 0), 0, 0, 0),
        new Rates(10_000, 9_500, 9_000),
        Map.of(
            "e2e", latency(1_234, 9_999),
            "e2e_send", latency(1_000, 8_000),
            "confirm_send", latency(500, 2_500),
            "s2c", latency(700, 4_000)),
        55,
        200L << 20);
  }

  @Test
  void rocketMqToolLinesWithFailuresSplitLikeTheTool() {
    new RocketMqToolReport(out).interval(sample(), LatencyHistograms.empty());

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
