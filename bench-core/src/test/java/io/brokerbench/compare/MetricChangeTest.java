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
}
