package io.brokerbench.result;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.latency.LatencyHistograms;
import io.brokerbench.latency.LatencyKind;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * When the generator's own stalls explain the tail: the share of the run they cover in stalls
 * longer than half the p99, against half the 1 % the p99 stands for.
 */
class GeneratorPausedTest {
  private static final long MS = 1_000_000;

  /**
   * A 10 s run (1,000 ticks of 10 ms) at an e2e p99 of 20 ms, with these stalls among its ticks.
   */
  private static Map<String, LatencySummary> run(long... stallsMs) {
    Histogram pauses = new Histogram(3);
    pauses.recordValueWithCount(0, 1_000 - stallsMs.length);
    for (long stall : stallsMs) {
      pauses.recordValue(stall * MS);
    }
    Histogram e2e = new Histogram(3);
    e2e.recordValueWithCount(MS, 98_000);
    e2e.recordValueWithCount(20 * MS, 2_000);
    LatencyHistograms h =
        LatencyHistograms.empty()
            .put(LatencyKind.PAUSE, pauses, 0)
            .put(LatencyKind.END_TO_END, e2e, 0);
    return Map.of(
        "pause", LatencySummary.withHistogram(h, LatencyKind.PAUSE),
        "e2e", LatencySummary.withHistogram(h, LatencyKind.END_TO_END));
  }

  @Test
  void aLongGcPauseInAShortRunIsSaidToMakeTheTail() {
    // One 200 ms stall: 2 % of the run in stalls over 10 ms.
    Warning warning = RunWarnings.generatorPaused(run(200));

    assertThat(warning).isNotNull();
    assertThat(warning.code()).isEqualTo(Warning.GENERATOR_PAUSED);
    assertThat(warning.message())
        .startsWith("GENERATOR_PAUSED: the generator itself stalled")
        .contains("for 2.0 % of the run in stalls over 10.0 ms, half the e2e p99")
        .contains("the longest 200.");
  }

  @Test
  void stallsShorterThanHalfTheP99OrTooRareAreNotBlamed() {
    // Many 5 ms stalls are below half the p99; one 30 ms stall is 0.3 % of the run.
    assertThat(RunWarnings.generatorPaused(run(5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5))).isNull();
    assertThat(RunWarnings.generatorPaused(run(30))).isNull();
    assertThat(RunWarnings.generatorPaused(run(30, 30))).isNotNull();
  }

  @Test
  void withoutStallsMeasuredThereIsNothingToSay() {
    assertThat(RunWarnings.generatorPaused(Map.of())).isNull();
  }
}
