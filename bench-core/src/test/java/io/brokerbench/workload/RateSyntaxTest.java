package io.brokerbench.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class RateSyntaxTest {
  @ParameterizedTest
  @CsvSource({"500, 500", "2.5, 2.5", "10k, 10000", "1.5m, 1500000", "' 10K ', 10000"})
  void ratesAreNumbersWithDecimalSuffixes(String text, double perSecond) {
    assertThat(RateSyntax.parse(text)).isEqualTo(perSecond);
  }

  @Test
  void unlimitedIsNoLimitInAnyCase() {
    assertThat(RateSyntax.parse("Unlimited")).isEqualTo(RateStep.UNLIMITED);
  }

  @Test
  void aNegativeRateIsANumberThatTheRateStepRefuses() {
    assertThat(RateSyntax.parse("-5")).isEqualTo(-5);
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "fast", "NaN", "Infinity", "0x10", "1e3", "10f", "10kk"})
  void anythingElseIsRefusedWithWhatToWriteInstead(String text) {
    assertThatThrownBy(() -> RateSyntax.parse(text))
        .isInstanceOf(WorkloadException.class)
        .hasMessage(
            "'"
                + text
                + "' is not a rate: use a number of msg/s, optionally with k or m (10k), or"
                + " unlimited");
  }
}
