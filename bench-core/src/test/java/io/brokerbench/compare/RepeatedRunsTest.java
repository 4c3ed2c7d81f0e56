package io.brokerbench.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import io.brokerbench.result.RunResult;
import io.brokerbench.result.TestResults;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Repeated runs' medians, their confidence intervals and ranges, on synthetic runs. */
class RepeatedRunsTest {

  /** Completed runs, each with every e2e statistic at one of these values (µs), no confirms. */
  private static List<RunResult> runs(double... e2eMicros) {
    return Arrays.stream(e2eMicros).mapToObj(TestResults::completedWithE2e).toList();
  }

  @Test
  void tenRunsGiveTheMediansIntervalFromTheSecondToTheNinthValue() {
    // Binomial coverage: from the 2nd to the 9th of 10 sorted values holds the median 97.9 % of
    // the time; from the 3rd to the 8th only 89 %.
    RepeatedRuns repeats =
        RepeatedRuns.of(runs(1900, 1000, 1200, 1100, 1300, 1250, 1150, 1050, 1400, 2500));

    RepeatedRuns.Spread p99 = repeats.figure("e2e.p99");
    assertThat(repeats.runs()).isEqualTo(10);
    assertThat(p99.median()).isEqualTo(1_225, offset(0.01)); // µs: (1200 + 1250) / 2
    assertThat(p99.low()).isEqualTo(1_050, offset(0.01));
    assertThat(p99.high()).isEqualTo(1_900, offset(0.01));
    assertThat(p99.min()).isEqualTo(1_000, offset(0.01));
    assertThat(p99.max()).isEqualTo(2_500, offset(0.01));
    // The median is known to within +55 % (up to 1900) with ten runs this spread.
    assertThat(p99.uncertainty()).isEqualTo(675.0 / 1225, offset(1e-9));
  }

  @Test
  void fiveRunsAreTooFewForA95PercentIntervalSixAreEnough() {
    assertThat(RepeatedRuns.of(runs(1, 2, 3, 4, 5)).figure("e2e.p50").low()).isNull();
    assertThat(RepeatedRuns.of(runs(1, 2, 3, 4, 5)).figure("e2e.p50").uncertainty()).isNaN();
    RepeatedRuns.Spread six = RepeatedRuns.of(runs(1, 2, 3, 4, 5, 6)).figure("e2e.p50");
    assertThat(six.low()).isEqualTo(1, offset(0.001));
    assertThat(six.high()).isEqualTo(6, offset(0.001));
  }

  @Test
  void figuresNotMeasuredAreLeftOut() {
    RepeatedRuns repeats = RepeatedRuns.of(runs(1, 2, 3, 4, 5, 6));

    assertThat(repeats.figure("confirm.p99")).isNull();
    assertThat(repeats.figures())
        .extracting(RepeatedRuns.Spread::metric)
        .contains("sent.rate", "e2e.max", "lost");
  }
}
