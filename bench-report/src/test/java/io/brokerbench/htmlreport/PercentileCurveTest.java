package io.brokerbench.htmlreport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.brokerbench.latency.LatencyRecorder;
import java.util.Comparator;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class PercentileCurveTest {
  /** 1 ms, 2 ms, … 1000 ms: the value at percentile p is p × 10 ms. */
  private static Histogram oneToOneThousandMillis() {
    Histogram h = LatencyRecorder.newHistogram();
    for (long ms = 1; ms <= 1000; ms++) {
      h.recordValue(ms * 1_000_000);
    }
    return h;
  }

  private static PercentileCurve.Point at(List<PercentileCurve.Point> curve, double percentile) {
    return curve.stream().filter(p -> p.percentile() == percentile).findFirst().orElseThrow();
  }

  @Test
  void theNinetiethPercentileIsAtTenOnTheAxisWithItsValue() {
    List<PercentileCurve.Point> curve = PercentileCurve.of(oneToOneThousandMillis());

    PercentileCurve.Point p90 = at(curve, 90);
    assertThat(p90.inverseTail()).isCloseTo(10, within(1e-9));
    assertThat(p90.millis()).isCloseTo(900, within(1.0));
    PercentileCurve.Point median = at(curve, 50);
    assertThat(median.inverseTail()).isCloseTo(2, within(1e-9));
    assertThat(median.millis()).isCloseTo(500, within(0.5));
  }

  @Test
  void theCurveStartsAtTheMinimumAndEndsAtTheMaximumAtXEqualToTheCount() {
    List<PercentileCurve.Point> curve = PercentileCurve.of(oneToOneThousandMillis());

    assertThat(curve.get(0).inverseTail()).isEqualTo(1);
    assertThat(curve.get(0).millis()).isCloseTo(1, within(0.001));
    PercentileCurve.Point last = curve.get(curve.size() - 1);
    assertThat(last.percentile()).isEqualTo(100);
    assertThat(last.millis()).isCloseTo(1000, within(1.0));
    assertThat(last.inverseTail()).isGreaterThanOrEqualTo(1000);
    assertThat(curve)
        .isSortedAccordingTo(Comparator.comparingDouble(PercentileCurve.Point::inverseTail))
        .isSortedAccordingTo(Comparator.comparingDouble(PercentileCurve.Point::millis))
        .allMatch(p -> Double.isFinite(p.inverseTail()));
  }

  @Test
  void anEmptyHistogramHasNoCurve() {
    assertThat(PercentileCurve.of(LatencyRecorder.newHistogram())).isEmpty();
  }
}
