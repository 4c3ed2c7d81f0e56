package io.brokerbench.cli;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Value parsing for the command line. */
final class Converters {
  private Converters() {}

  /**
   * Durations as {@code 30} (seconds, like PerfTest's {@code -z}), {@code 500ms}, {@code 30s},
   * {@code 2m}, {@code 1h} or ISO-8601 ({@code PT30S}).
   */
  static final class DurationConverter implements ITypeConverter<Duration> {
    @Override
    public Duration convert(String value) {
      String v = value.trim().toLowerCase(Locale.ROOT);
      try {
        if (v.startsWith("pt")) {
          return Duration.parse(v.toUpperCase(Locale.ROOT));
        }
        if (v.endsWith("ms")) {
          return Duration.ofMillis(Long.parseLong(v.substring(0, v.length() - 2)));
        }
        if (v.endsWith("s")) {
          return Duration.ofMillis(
              Math.round(Double.parseDouble(v.substring(0, v.length() - 1)) * 1000));
        }
        if (v.endsWith("m")) {
          return Duration.ofMinutes(Long.parseLong(v.substring(0, v.length() - 1)));
        }
        if (v.endsWith("h")) {
          return Duration.ofHours(Long.parseLong(v.substring(0, v.length() - 1)));
        }
        return Duration.ofMillis(Math.round(Double.parseDouble(v) * 1000));
      } catch (NumberFormatException | DateTimeParseException e) {
        throw new TypeConversionException(
            "'" + value + "' is not a duration: use e.g. 30 (seconds), 500ms, 30s, 2m or 1h");
      }
    }
  }

  /** Counts with quiver's suffixes: {@code 1000}, {@code 10k}, {@code 1m}. */
  static final class CountConverter implements ITypeConverter<Long> {
    @Override
    public Long convert(String value) {
      String v = value.trim().toLowerCase(Locale.ROOT);
      long multiplier = 1;
      if (v.endsWith("k")) {
        multiplier = 1_000;
        v = v.substring(0, v.length() - 1);
      } else if (v.endsWith("m")) {
        multiplier = 1_000_000;
        v = v.substring(0, v.length() - 1);
      }
      try {
        return Math.multiplyExact(Long.parseLong(v), multiplier);
      } catch (NumberFormatException | ArithmeticException e) {
        throw new TypeConversionException(
            "'" + value + "' is not a count: use a whole number, optionally with k or m");
      }
    }
  }
}
