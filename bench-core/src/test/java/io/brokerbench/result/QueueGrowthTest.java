package io.brokerbench.result;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class QueueGrowthTest {

  /** One-second intervals: the first {@code warmup} of them warm-up, each with these counts. */
  private static List<IntervalSample> intervals(int warmup, long[][] sentAndReceived) {
    List<IntervalSample> samples = new ArrayList<>();
    for (int i = 0; i < sentAndReceived.length; i++) {
      long sent = sentAndReceived[i][0];
      long received = sentAndReceived[i][1];
      samples.add(
          new IntervalSample(
              i,
              0,
              i * 1000L,
              i,
              i + 1,
              i < warmup,
              TestResults.counts(sent, 0, received),
              new Rates(sent, 0, received),
              Map.of(),
              10,
              100 << 20));
    }
    return samples;
  }

  @Test
  void consumersThatFallBehindWhileTheProducersSendAreNamedWithBothRates() {
    Warning warning =
        QueueGrowth.of(intervals(0, new long[][] {{10_000, 6_000}, {10_000, 6_000}, {0, 6_000}}));

    assertThat(warning.code()).isEqualTo(Warning.QUEUE_GREW);
    assertThat(warning.message())
        .startsWith("QUEUE_GREW: the consumers fell 8,000 message(s) behind")
        .contains("(10,000 msg/s sent, 6,000 received)");
  }

  @Test
  void consumersThatKeepUpOrAPipelineInFlightAreNoGrowth() {
    assertThat(QueueGrowth.of(intervals(0, new long[][] {{10_000, 9_950}, {10_000, 10_040}})))
        .isNull();
    // 9 % behind: what a latency of a tenth of the run keeps in flight.
    assertThat(QueueGrowth.of(intervals(0, new long[][] {{50_000, 45_500}}))).isNull();
    // Half behind, but too few messages to be more than what is in flight.
    assertThat(QueueGrowth.of(intervals(0, new long[][] {{1_000, 500}}))).isNull();
  }

  @Test
  void theWarmUpAndTheDrainAfterSendingAreLeftOut() {
    // Behind only during the warm-up; the drain's receipts do not hide growth while sending.
    assertThat(QueueGrowth.of(intervals(1, new long[][] {{10_000, 2_000}, {10_000, 10_000}})))
        .isNull();
    assertThat(
            QueueGrowth.of(
                intervals(0, new long[][] {{10_000, 5_000}, {10_000, 5_000}, {0, 10_000}})))
        .isNotNull();
  }
}
