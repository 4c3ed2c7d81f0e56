package io.brokerbench.latency;

import static org.assertj.core.api.Assertions.assertThat;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class LatencyHistogramsTest {

  private static Histogram of(long... nanos) {
    Histogram h = LatencyRecorder.newHistogram();
    for (long n : nanos) {
      h.recordValue(n);
    }
    return h;
  }

  @Test
  void spansWithDifferentKindsAddUpExactly() {
    LatencyHistograms a =
        LatencyHistograms.empty().put(LatencyKind.END_TO_END, of(1_000, 2_000), 1);
    LatencyHistograms b = LatencyHistograms.empty().put(LatencyKind.CONFIRM, of(5_000), 0);

    LatencyHistograms sum = a.plus(b).add(b);

    assertThat(sum.count(LatencyKind.END_TO_END)).isEqualTo(3);
    assertThat(sum.negative(LatencyKind.END_TO_END)).isEqualTo(1);
    assertThat(sum.count(LatencyKind.CONFIRM)).isEqualTo(2);
    assertThat(sum.histogram(LatencyKind.CONFIRM).getMaxValue()).isEqualTo(of(5_000).getMaxValue());
    assertThat(sum.minus(b).minus(b)).isEqualTo(a);
    assertThat(a.count(LatencyKind.CONFIRM)).as("a is unchanged by plus").isZero();
  }

  @Test
  void aKindWithNoValuesEqualsOneNeverAskedFor() {
    LatencyHistograms asked = LatencyHistograms.empty();
    asked.histogram(LatencyKind.ROUND_TRIP);
    asked.put(LatencyKind.PAUSE, of(), 0);

    assertThat(asked).isEqualTo(LatencyHistograms.empty());
    assertThat(asked.hashCode()).isEqualTo(LatencyHistograms.empty().hashCode());
    assertThat(asked.copy().count(LatencyKind.ROUND_TRIP)).isZero();
  }

  @Test
  void puttingValuesReplacesThoseOfTheKind() {
    LatencyHistograms span = LatencyHistograms.empty().put(LatencyKind.UNSENT, of(7, 8, 9), 2);

    span.put(LatencyKind.UNSENT, of(), 0);

    assertThat(span.count(LatencyKind.UNSENT)).isZero();
    assertThat(span).isEqualTo(LatencyHistograms.empty());
  }
}
