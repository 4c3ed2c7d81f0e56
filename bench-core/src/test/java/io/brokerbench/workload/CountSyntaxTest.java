package io.brokerbench.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class CountSyntaxTest {
  @ParameterizedTest
  @CsvSource({
    "0, 0",
    "1000, 1000",
    "10k, 10000",
    "10K, 10000",
    "1m, 1000000",
    "2g, 2000000000",
    "' 7 ', 7",
    "9223372036854775807, 9223372036854775807"
  })
  void countsAreWholeNumbersWithDecimalSuffixes(String text, long count) {
    assertThat(CountSyntax.parse(text)).isEqualTo(count);
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "k", "lots", "-1", "+1", "1.5k", "10x", "1kk", "10000000000g"})
  void anythingElseIsRefusedWithWhatToWriteInstead(String text) {
    assertThatThrownBy(() -> CountSyntax.parse(text))
        .isInstanceOf(WorkloadException.class)
        .hasMessage(
            "'"
                + text
                + "' is not a count: use a whole number >= 0, optionally with k (thousand), m"
                + " (million) or g (billion)");
  }
}
