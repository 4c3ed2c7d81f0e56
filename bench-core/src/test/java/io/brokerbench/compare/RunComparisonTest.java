package io.brokerbench.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import io.brokerbench.result.ClientCost;
import io.brokerbench.result.IntegrityCounts;
import io.brokerbench.result.IntervalSample;
import io.brokerbench.result.LatencySummary;
import io.brokerbench.result.Rates;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.TestResults;
import io.brokerbench.result.ThresholdOutcome;
import io.brokerbench.result.Totals;
import io.brokerbench.threshold.Threshold;
import io.brokerbench.workload.Workload;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Better and worse only beyond the noise: synthetic runs whose 1 s intervals (or whose repeats) are
 * made to overlap, or not, and what the comparison calls each.
 */
class RunComparisonTest {
  /** Every statistic of a latency summary at one value. */
  private static LatencySummary at(double micros) {
    return new LatencySummary(
        1_000, micros, micros, micros, micros, micros, micros, micros, micros, micros, micros,
        micros, 0, 0, null);
  }

  /**
   * A completed 10,000 msg/s run whose e2e p99 is {@code p99s[i]} µs in interval {@code i}, and the
   * mean of them over the whole run.
   */
  private static RunResult run(double... p99s) {
    List<IntervalSample> intervals = new ArrayList<>();
    for (int i = 0; i < p99s.length; i++) {
      intervals.add(
          new IntervalSample(
              i,
              0,
              1_700_000_000_000L + i * 1_000L,
              i,
              i + 1,
              false,
              TestResults.counts(10_000, 10_000, 10_000),
              new Rates(10_000, 10_000, 10_000),
              Map.of("e2e", at(p99s[i])),
              50,
              -1));
    }
    long messages = 10_000L * p99s.length;
    return TestResults.completed(
        Workload.builder().build(),
        new Totals(
            p99s.length,
            p99s.length,
            TestResults.counts(messages, messages, messages),
            new Rates(10_000, 10_000, 10_000),
            new ClientCost(1, 10, -1)),
        Map.of("e2e", at(Arrays.stream(p99s).average().orElseThrow())),
        new IntegrityCounts(messages, 0, 0, 0, 0, 0),
        intervals);
  }

  private static MetricChange change(RunComparison comparison, String metric) {
    return comparison.changes().stream()
        .filter(c -> c.metric().equals(metric))
        .findFirst()
        .orElseThrow();
  }

  @Test
  void aDifferenceWithinTheIntervalsNoiseIsNoClearChange() {
    RunResult baseline = run(1_000, 1_400, 900, 1_300, 1_100, 1_000, 1_200, 950, 1_350, 1_050);
    // 3.4% higher over the run, but interval by interval within the baseline's spread.
    RunResult candidate = run(1_050, 1_450, 950, 1_250, 1_150, 1_100, 1_300, 900, 1_400, 1_080);

    MetricChange p99 = change(RunComparison.of("x", baseline, candidate, List.of()), "e2e.p99");

    assertThat(p99.changePercent()).isBetween(3.0, 4.0);
    assertThat(p99.verdict()).isEqualTo(MetricChange.NO_CLEAR_CHANGE);
    assertThat(p99.pValue()).isGreaterThan(0.05);
    assertThat(p99.baselineSamples()).isEqualTo(10);
    assertThat(p99.candidateSamples()).isEqualTo(10);
  }

  @Test
  void aShiftBeyondTheNoiseIsWorseWithItsPValue() {
    RunResult baseline = run(1_000, 1_100, 900, 1_050, 950, 1_005, 1_020, 980, 1_010, 990);
    RunResult candidate = run(1_200, 1_300, 1_150, 1_250, 1_180, 1_220, 1_240, 1_160, 1_210, 1_190);

    RunComparison comparison = RunComparison.of("x", baseline, candidate, List.of());

    MetricChange p99 = change(comparison, "e2e.p99");
    assertThat(p99.verdict()).isEqualTo(MetricChange.WORSE);
    // Every candidate interval above every baseline interval: 2 of the C(20,10) orderings.
    assertThat(p99.pValue()).isCloseTo(2.0 / 184_756, offset(1e-9));
    assertThat(change(comparison, "e2e.p50").verdict()).isEqualTo(MetricChange.WORSE);
    // Rates equal in every interval: no change at all.
    assertThat(change(comparison, "sent.rate").verdict()).isEqualTo(MetricChange.UNCHANGED);
  }

  @Test
  void repeatedRunsAreTheSamplesAndThreeASideCannotDecide() {
    List<RunResult> fast = List.of(run(1_000, 1_000), run(1_010, 1_010), run(990, 990));
    List<RunResult> slow = List.of(run(1_500, 1_500), run(1_520, 1_520), run(1_480, 1_480));

    MetricChange three = change(RunComparison.of("x", fast, slow, List.of()), "e2e.p99");

    // Runs, not intervals, are the samples: 3 and 3, and even fully apart p = 0.1.
    assertThat(three.baselineSamples()).isEqualTo(3);
    assertThat(three.pValue()).isCloseTo(0.1, offset(1e-9));
    assertThat(three.verdict()).isEqualTo(MetricChange.NO_CLEAR_CHANGE);
    // The side's value is the median run's.
    assertThat(three.baseline()).isEqualTo(1_000.0);
    assertThat(three.candidate()).isEqualTo(1_500.0);

    List<RunResult> fastFive = new ArrayList<>(fast);
    fastFive.addAll(List.of(run(1_005, 1_005), run(995, 995)));
    List<RunResult> slowFive = new ArrayList<>(slow);
    slowFive.addAll(List.of(run(1_510, 1_510), run(1_490, 1_490)));

    MetricChange five = change(RunComparison.of("x", fastFive, slowFive, List.of()), "e2e.p99");

    assertThat(five.pValue()).isLessThan(0.05);
    assertThat(five.verdict()).isEqualTo(MetricChange.WORSE);
  }

  @Test
  void thresholdsOfSeveralRunsHoldTheMedians() {
    List<RunResult> baseline = List.of(run(1_000), run(1_100), run(900));
    List<RunResult> candidate = List.of(run(1_080), run(5_000), run(1_050));

    RunComparison comparison =
        RunComparison.of(
            "x", baseline, candidate, List.of(Threshold.parse("e2e.p99 <= baseline + 10%")));

    // Median 1,080 µs against 1.1 × 1,000 µs: one slow run does not decide.
    assertThat(comparison.thresholds())
        .singleElement()
        .satisfies(
            t -> {
              assertThat(t.passed()).isTrue();
              assertThat(t.measured()).isEqualTo(1_080.0);
              assertThat(t.bound()).isCloseTo(1_100.0, offset(1e-9));
            });
  }

  @Test
  void sixRunsWhoseMediansIntervalStraddlesTheBoundAreInconclusive() {
    List<RunResult> baseline =
        List.of(run(1_000), run(1_000), run(1_000), run(1_000), run(1_000), run(1_000));
    // Median 1,075 µs under the bound of 1,100, but the interval of six runs is their range.
    List<RunResult> straddling =
        List.of(run(1_000), run(1_050), run(1_070), run(1_080), run(1_090), run(1_300));
    List<RunResult> under =
        List.of(run(1_000), run(1_010), run(1_020), run(1_030), run(1_040), run(1_090));
    Threshold tenPercent = Threshold.parse("e2e.p99 <= baseline + 10%");

    ThresholdOutcome open =
        RunComparison.of("x", baseline, straddling, List.of(tenPercent)).thresholds().get(0);
    ThresholdOutcome held =
        RunComparison.of("x", baseline, under, List.of(tenPercent)).thresholds().get(0);

    assertThat(open.verdict()).isEqualTo(ThresholdOutcome.INCONCLUSIVE);
    assertThat(open.message())
        .startsWith(
            "INCONCLUSIVE: e2e.p99 <= baseline + 10% (median 1.08 ms, 95% interval 1.00 ms");
    assertThat(held.verdict()).isEqualTo(ThresholdOutcome.PASSED);
  }

  @Test
  void lossIsWorseWhateverTheNoise() {
    RunResult baseline = run(1_000, 1_000, 1_000);
    RunResult lossy = run(1_000, 1_000, 1_000);
    RunResult candidate =
        TestResults.completed(
            Workload.builder().build(),
            lossy.figures().totals(),
            lossy.figures().latency(),
            new IntegrityCounts(29_000, 1_000, 0, 0, 0, 0),
            lossy.figures().intervals());

    RunComparison comparison = RunComparison.of("x", baseline, candidate, List.of());

    assertThat(change(comparison, "lost").verdict()).isEqualTo(MetricChange.WORSE);
    assertThat(change(comparison, "lost").pValue()).isNull();
    assertThat(change(comparison, "e2e.p99").verdict()).isEqualTo(MetricChange.NOT_COMPARABLE);
  }
}
