package io.brokerbench.threshold;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads a threshold's bound in its metric's units and writes values back for people. */
final class Units {
  private static final Pattern NUMBER_AND_UNIT =
      Pattern.compile("([0-9]*\\.?[0-9]+(?:[eE][+-]?[0-9]+)?)\\s*([a-zA-Zµ/%]*)");

  private Units() {}

  /** The bound in the metric's base unit. */
  static double parse(String bound, Metric metric, String threshold) {
    Matcher m = NUMBER_AND_UNIT.matcher(bound);
    if (!m.matches()) {
      throw invalid(threshold, bound, metric);
    }
    double number = Double.parseDouble(m.group(1));
    String unit = m.group(2).toLowerCase(Locale.ROOT);
    Double factor =
        switch (metric.quantity()) {
          case LATENCY ->
              switch (unit) {
                case "ns" -> 0.001;
                case "", "us", "µs" -> 1.0;
                case "ms" -> 1_000.0;
                case "s" -> 1_000_000.0;
                default -> null;
              };
          case COUNT, RATE ->
              switch (unit) {
                case "", "msg/s" -> 1.0;
                case "k", "kmsg/s" -> 1_000.0;
                case "m", "mmsg/s" -> 1_000_000.0;
                default -> null;
              };
          case SECONDS ->
              switch (unit) {
                case "", "s" -> 1.0;
                case "ms" -> 0.001;
                default -> null;
              };
          case BYTES ->
              switch (unit) {
                case "", "b" -> 1.0;
                case "kb" -> 1e3;
                case "mb" -> 1e6;
                case "gb" -> 1e9;
                case "kib" -> 1024.0;
                case "mib" -> 1024.0 * 1024;
                case "gib" -> 1024.0 * 1024 * 1024;
                default -> null;
              };
          case PERCENT ->
              switch (unit) {
                case "", "%" -> 1.0;
                default -> null;
              };
        };
    if (factor == null) {
      throw invalid(threshold, bound, metric);
    }
    return number * factor;
  }

  private static ThresholdException invalid(String threshold, String bound, Metric metric) {
    String units =
        switch (metric.quantity()) {
          case LATENCY -> "a latency such as 5ms, 250us or 1.5s";
          case COUNT -> "a count such as 0, 500 or 10k";
          case RATE -> "a rate such as 20000, 20k or 20k msg/s";
          case SECONDS -> "seconds such as 2.5 or 2.5s";
          case BYTES -> "a size such as 512MB or 1GiB";
          case PERCENT -> "a percentage such as 80% (100% per core)";
        };
    return new ThresholdException(
        "threshold '"
            + threshold
            + "': '"
            + bound
            + "' is not a bound for "
            + metric.name()
            + ": use "
            + units
            + ", or baseline (+ N%) in bench compare");
  }

  /** A value of this quantity for people, such as {@code 7.31 ms} or {@code 20,000 msg/s}. */
  static String format(double value, Metric.Quantity quantity) {
    return switch (quantity) {
      case LATENCY ->
          value < 1_000
              ? String.format(Locale.ROOT, "%.1f us", value)
              : value < 1_000_000
                  ? String.format(Locale.ROOT, "%.2f ms", value / 1_000)
                  : String.format(Locale.ROOT, "%.3f s", value / 1_000_000);
      case COUNT -> String.format(Locale.ROOT, "%,.0f", value);
      case RATE -> String.format(Locale.ROOT, "%,.0f msg/s", value);
      case SECONDS -> String.format(Locale.ROOT, "%.2f s", value);
      case BYTES -> String.format(Locale.ROOT, "%.1f MB", value / 1e6);
      case PERCENT -> String.format(Locale.ROOT, "%.1f%%", value);
    };
  }
}
