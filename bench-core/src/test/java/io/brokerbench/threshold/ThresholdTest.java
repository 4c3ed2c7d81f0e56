package io.brokerbench.threshold;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.brokerbench.latency.LatencyHistograms;
import io.brokerbench.latency.LatencyKind;
import io.brokerbench.latency.LatencyRecorder;
import io.brokerbench.result.BrokerLoad;
import io.brokerbench.result.BrokerNodeLoad;
import io.brokerbench.result.ClientCost;
import io.brokerbench.result.IntegrityCounts;
import io.brokerbench.result.LatencySummary;
import io.brokerbench.result.Rates;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.TestResults;
import io.brokerbench.result.ThresholdOutcome;
import io.brokerbench.result.Totals;
import io.brokerbench.workload.Workload;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class ThresholdTest {
  /** A run with e2e p99 of 4 ms, 20,000 msg/s received and 3 messages lost. */
  private static RunResult result(long p99Nanos, double receivedPerSecond, long lost) {
    Histogram h = LatencyRecorder.newHistogram();
    h.recordValueWithCount(1_000_000, 98);
    h.recordValueWithCount(p99Nanos, 2);
    LatencyHistograms histograms = LatencyHistograms.empty().put(LatencyKind.END_TO_END, h, 0);
    return TestResults.completed(
        Workload.builder().build(),
        new Totals(
            10,
            10,
            TestResults.counts(200_000, 200_000, 200_000),
            new Rates(20_000, 20_000, receivedPerSecond),
            new ClientCost(2, 10, 1 << 26)),
        LatencySummary.allWithHistograms(histograms),
        new IntegrityCounts(200_000, lost, 0, 0, 0, 0));
  }

  @Test
  void latencyBoundsTakeTheirUnits() {
    RunResult r = result(4_000_000, 20_000, 0);
    assertThat(Threshold.parse("e2e.p99 < 5ms").check(r).passed()).isTrue();
    assertThat(Threshold.parse("e2e.p99 < 4000us").check(r).passed()).isFalse();
    assertThat(Threshold.parse("e2e.p99 <= 0.005s").check(r).passed()).isTrue();
    assertThat(Threshold.parse("e2e.p99<4002").check(r).passed()).isTrue();
    assertThat(Threshold.parse("e2e.max > 3999999ns").check(r).passed()).isTrue();
  }

  @Test
  void aFailedThresholdSaysWhatWasMeasured() {
    ThresholdOutcome outcome = Threshold.parse("e2e.p99 < 3ms").check(result(4_000_000, 1, 0));

    assertThat(outcome.passed()).isFalse();
    assertThat(outcome.measured()).isCloseTo(4_000.0, org.assertj.core.api.Assertions.within(5.0));
    assertThat(outcome.message()).isEqualTo("FAILED: e2e.p99 < 3ms (measured 4.00 ms)");
  }

  @Test
  void countsRatesAndCostAreMetricsToo() {
    RunResult r = result(4_000_000, 20_000, 3);
    assertThat(Threshold.parse("lost == 0").check(r).message())
        .isEqualTo("FAILED: lost == 0 (measured 3)");
    assertThat(Threshold.parse("received.rate >= 20k").check(r).passed()).isTrue();
    assertThat(Threshold.parse("received.rate >= 20001 msg/s").check(r).passed()).isFalse();
    assertThat(Threshold.parse("cpu.us_per_msg <= 10us").check(r).passed()).isTrue();
    assertThat(Threshold.parse("rss.peak < 64MiB").check(r).passed()).isFalse();
    assertThat(Threshold.parse("duplicates != 1").check(r).passed()).isTrue();
  }

  @Test
  void theBrokersOwnLoadIsAMetricInPercentBytesAndMessages() {
    BrokerNodeLoad all =
        new BrokerNodeLoad(
            "all", 85.5, 130, 300_000_000, 250_000_000, 1e6, 1e6, 0, 1_200, List.of());
    RunResult r =
        TestResults.withBrokerLoad(
            result(1, 1, 0), new BrokerLoad("test", 10, 0, all, List.of(all), Map.of()));

    assertThat(Threshold.parse("broker.cpu < 80%").check(r).message())
        .isEqualTo("FAILED: broker.cpu < 80% (measured 85.5%)");
    assertThat(Threshold.parse("broker.cpu < 90").check(r).passed()).isTrue();
    assertThat(Threshold.parse("broker.cpu.max <= 130%").check(r).passed()).isTrue();
    assertThat(Threshold.parse("broker.memory < 256MiB").check(r).passed()).isFalse();
    assertThat(Threshold.parse("broker.queued <= 1.2k").check(r).passed()).isTrue();
    assertThatThrownBy(() -> Threshold.parse("broker.cpu < 80ms"))
        .hasMessageContaining("use a percentage such as 80% (100% per core)");
  }

  @Test
  void theBrokersLoadIsNotMeasuredWhenTheBrokerWasNotRead() {
    ThresholdOutcome outcome = Threshold.parse("broker.cpu < 80%").check(result(1, 1, 0));

    assertThat(outcome.passed()).isFalse();
    assertThat(outcome.message()).contains("not measured");
  }

  @Test
  void aKindTheRunDidNotRecordFailsAsNotMeasured() {
    ThresholdOutcome outcome = Threshold.parse("confirm.p99 < 5ms").check(result(1, 1, 0));

    assertThat(outcome.passed()).isFalse();
    assertThat((Object) outcome.measured()).isNull();
    assertThat(outcome.message()).isEqualTo("FAILED: confirm.p99 < 5ms (not measured in this run)");
  }

  @Test
  void boundsRelativeToABaselineNeedOne() {
    RunResult baseline = result(4_000_000, 20_000, 0);
    RunResult candidate = result(4_300_000, 19_500, 0);

    assertThat(Threshold.parse("e2e.p99 <= baseline + 10%").check(candidate, baseline).passed())
        .isTrue();
    assertThat(Threshold.parse("e2e.p99 <= baseline + 5%").check(candidate, baseline).message())
        .isEqualTo("FAILED: e2e.p99 <= baseline + 5% (measured 4.30 ms, bound 4.20 ms)");
    assertThat(
            Threshold.parse("received.rate >= baseline * 0.95").check(candidate, baseline).passed())
        .isTrue();
    assertThatThrownBy(() -> Threshold.parse("e2e.p99 <= baseline").check(candidate))
        .isInstanceOf(ThresholdException.class)
        .hasMessage(
            "threshold 'e2e.p99 <= baseline' compares with a baseline: use it with bench compare");
  }

  @Test
  void onSeveralRunsTheMediansIntervalDecidesOrLeavesItOpen() {
    Threshold tenPercent = Threshold.parse("e2e.p99 <= baseline + 10%");
    // Baseline 4 ms: the bound is 4.4 ms (µs below, the latency's base unit).
    ThresholdOutcome held = tenPercent.check(4_100, 3_900, 4_300, 4_000);
    ThresholdOutcome failed = tenPercent.check(4_800, 4_500, 5_200, 4_000);
    ThresholdOutcome open = tenPercent.check(4_300, 4_000, 4_700, 4_000);

    assertThat(held.verdict()).isEqualTo(ThresholdOutcome.PASSED);
    assertThat(held.passed()).isTrue();
    assertThat(failed.verdict()).isEqualTo(ThresholdOutcome.FAILED);
    assertThat(open.verdict()).isEqualTo(ThresholdOutcome.INCONCLUSIVE);
    assertThat(open.passed()).isFalse();
    assertThat(open.inconclusive()).isTrue();
    assertThat(open.message())
        .isEqualTo(
            "INCONCLUSIVE: e2e.p99 <= baseline + 10% (median 4.30 ms, 95% interval 4.00 ms .."
                + " 4.70 ms, bound 4.40 ms): the runs cannot tell; more of them may");
    // Too few runs for an interval: the median decides, as for one run.
    assertThat(tenPercent.check(4_300, Double.NaN, Double.NaN, 4_000).verdict())
        .isEqualTo(ThresholdOutcome.PASSED);
    assertThat(Threshold.parse("lost == 0").check(0, 0, 0, Double.NaN).passed()).isTrue();
  }

  @Test
  void badThresholdsSayHowToWriteThem() {
    assertThatThrownBy(() -> Threshold.parse("e2e.p99 5ms"))
        .hasMessage(
            "threshold 'e2e.p99 5ms' is not METRIC OP BOUND: write e.g. 'e2e.p99 < 5ms', 'lost =="
                + " 0' or 'received.rate >= 20000'");
    assertThatThrownBy(() -> Threshold.parse("e2e.p98 < 5ms"))
        .hasMessageStartingWith("unknown metric 'e2e.p98': use a latency such as e2e.p99");
    assertThatThrownBy(() -> Threshold.parse("e2e.p99 < 5 fortnights"))
        .hasMessage(
            "threshold 'e2e.p99 < 5 fortnights': '5 fortnights' is not a bound for e2e.p99: use a"
                + " latency such as 5ms, 250us or 1.5s, or baseline (+ N%) in bench compare");
  }

  @Test
  void aStepHasItsOwnFigures() {
    assertThat(Metric.parse("step2.e2e.p99.9").step()).isEqualTo(2);
    assertThat(Metric.parse("step2.e2e.p99.9").valueIn(result(1, 1, 0))).isNaN();
  }
}
