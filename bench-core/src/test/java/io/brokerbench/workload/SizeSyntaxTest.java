package io.brokerbench.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class SizeSyntaxTest {
  @ParameterizedTest
  @CsvSource({
    "12, 12",
    "12b, 12",
    "12 B, 12",
    "1k, 1000",
    "1kb, 1000",
    "4kB, 4000",
    "1KiB, 1024",
    "64KiB, 65536",
    "64kib, 65536",
    "1m, 1000000",
    "1MB, 1000000",
    "1MiB, 1048576",
    "2g, 2000000000",
    "1GB, 1000000000",
    "1GiB, 1073741824"
  })
  void sizesAreBytesWithDecimalOrBinaryUnits(String text, long bytes) {
    assertThat(SizeSyntax.parse(text)).isEqualTo(bytes);
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "KiB", "big", "-1", "1.5k", "1kibibyte", "1TiB", "10000000000GiB"})
  void anythingElseIsRefusedWithWhatToWriteInstead(String text) {
    assertThatThrownBy(() -> SizeSyntax.parse(text))
        .isInstanceOf(WorkloadException.class)
        .hasMessage(
            "'"
                + text
                + "' is not a size: use a whole number of bytes, optionally with k or kB (1000), KiB"
                + " (1024), m or MB, MiB, g or GB, GiB");
  }
}
