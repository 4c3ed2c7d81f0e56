package io.brokerbench.workload;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;

/**
 * Durations: a number of seconds ({@code 30}, like PerfTest's {@code -z}), a number with a unit
 * ({@code 500ms}, {@code 30s}, {@code 1.5s}, {@code 2m}, {@code 1h}; decimals with every unit), or
 * ISO-8601 ({@code PT30S}). Never negative; precision is a nanosecond.
 *
 * <pre>{@code
 * Duration step = DurationSyntax.parse("1.5s"); // PT1.5S
 * }</pre>
 */
public final class DurationSyntax {
  private static final String EXPECTED = "use e.g. 30 (seconds), 500ms, 30s, 1.5s, 2m, 1h or PT30S";

  private DurationSyntax() {}

  /**
   * The duration {@code text} stands for.
   *
   * @throws WorkloadException naming the text and what to write instead
   */
  public static Duration parse(String text) {
    String duration = text.trim().toLowerCase(Locale.ROOT);
    try {
      Duration parsed;
      if (duration.startsWith("pt")) {
        parsed = Duration.parse(duration.toUpperCase(Locale.ROOT));
      } else if (duration.endsWith("ms")) {
        parsed = nanos(duration, 2, 1_000_000L);
      } else if (duration.endsWith("s")) {
        parsed = nanos(duration, 1, 1_000_000_000L);
      } else if (duration.endsWith("m")) {
        parsed = nanos(duration, 1, 60_000_000_000L);
      } else if (duration.endsWith("h")) {
        parsed = nanos(duration, 1, 3_600_000_000_000L);
      } else {
        parsed = nanos(duration, 0, 1_000_000_000L);
      }
      if (parsed.isNegative()) {
        throw invalid(text);
      }
      return parsed;
    } catch (NumberFormatException | ArithmeticException | DateTimeParseException e) {
      throw invalid(text);
    }
  }

  private static Duration nanos(String duration, int unitLength, long nanosPerUnit) {
    String number = duration.substring(0, duration.length() - unitLength).trim();
    // BigDecimal takes a sign and an exponent; a duration has neither.
    if (!number.matches("[0-9]+(\\.[0-9]+)?")) {
      throw new NumberFormatException(number);
    }
    BigDecimal nanos = new BigDecimal(number).multiply(BigDecimal.valueOf(nanosPerUnit));
    return Duration.ofNanos(nanos.setScale(0, RoundingMode.HALF_UP).longValueExact());
  }

  private static WorkloadException invalid(String text) {
    return new WorkloadException("'" + text + "' is not a duration: " + EXPECTED);
  }
}
