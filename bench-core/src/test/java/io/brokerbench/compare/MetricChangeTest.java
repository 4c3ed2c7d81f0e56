package io.brokerbench.compare;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MetricChangeTest {
  private static String changeText(Double percent) {
    return new MetricChange("e2e.p99", 100.0, 100.0, percent, MetricChange.UNCHANGED, null, 0, 0)
        .changeText();
  }

  @Test
  void aChangeThatRoundsToZeroReadsZeroWithoutASign() {
    assertThat(changeText(-0.04)).isEqualTo("0.0%");
    assertThat(changeText(0.0)).isEqualTo("0.0%");
    assertThat(changeText(0.049)).isEqualTo("0.0%");
  }

  @Test
  void anyOtherChangeHasItsSign() {
    assertThat(changeText(-0.05)).isEqualTo("-0.1%");
    assertThat(changeText(2.46)).isEqualTo("+2.5%");
    assertThat(changeText(null)).isEqualTo("-");
  }

  @Test
  void theEvidenceIsThePValueToThreeDecimalsAndTheSamples() {
    assertThat(evidence(0.4567)).isEqualTo("p=0.457 n=10+9");
    assertThat(evidence(0.0004)).isEqualTo("p<0.001 n=10+9");
    assertThat(evidence(null)).isEmpty();
  }

  private static String evidence(Double pValue) {
    return new MetricChange("e2e.p99", 1.0, 2.0, 100.0, MetricChange.WORSE, pValue, 10, 9)
        .evidenceText();
  }
}
