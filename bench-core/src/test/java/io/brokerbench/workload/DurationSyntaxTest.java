package io.brokerbench.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class DurationSyntaxTest {
  @ParameterizedTest
  @CsvSource({
    "30, PT30S",
    "1.5, PT1.5S",
    "0, PT0S",
    "500ms, PT0.5S",
    "0.5ms, PT0.0005S",
    "30s, PT30S",
    "1.5s, PT1.5S",
    "30S, PT30S",
    "2m, PT2M",
    "1.5m, PT1M30S",
    "1h, PT1H",
    "PT30S, PT30S",
    "pt1m30s, PT1M30S",
    "' 10s ', PT10S"
  })
  void durationsAreSecondsOrNumbersWithUnitsOrIso(String text, Duration duration) {
    assertThat(DurationSyntax.parse(text)).isEqualTo(duration);
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "s", "soon", "-1", "-1s", "PT-1S", "1e3s", "10d", "1.s", "PTxS"})
  void anythingElseIsRefusedWithWhatToWriteInstead(String text) {
    assertThatThrownBy(() -> DurationSyntax.parse(text))
        .isInstanceOf(WorkloadException.class)
        .hasMessage(
            "'"
                + text
                + "' is not a duration: use e.g. 30 (seconds), 500ms, 30s, 1.5s, 2m, 1h or PT30S");
  }
}
