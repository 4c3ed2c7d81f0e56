package io.brokerbench.spi;

import java.util.Locale;
import java.util.Map;

/**
 * Reads typed values from a driver's option map (as given to {@link DriverProvider#open}), with one
 * wording for every driver's errors.
 *
 * <pre>{@code
 * long timeoutMillis = OptionValues.wholeNumber(options, "connect-timeout-ms", 5_000, 1, 600_000);
 * boolean nio = OptionValues.flag(options, "nio");
 * }</pre>
 */
public final class OptionValues {
  private OptionValues() {}

  /**
   * A flag: absent is false; present with no value, {@code true} or {@code false} as written.
   *
   * @throws OptionException for any other value
   */
  public static boolean flag(Map<String, String> options, String name) {
    return bool(options, name, false);
  }

  /**
   * A boolean: absent is {@code defaultValue}; present with no value, {@code true} or {@code false}
   * as written.
   *
   * @throws OptionException for any other value
   */
  public static boolean bool(Map<String, String> options, String name, boolean defaultValue) {
    String value = options.get(name);
    if (value == null) {
      return defaultValue;
    }
    String v = value.trim().toLowerCase(Locale.ROOT);
    if (v.isEmpty() || v.equals("true")) {
      return true;
    }
    if (v.equals("false")) {
      return false;
    }
    throw new OptionException(name + " is a flag: true or false (got '" + value + "')");
  }

  /**
   * A whole number within {@code [min, max]}, or the default when absent or blank.
   *
   * @throws OptionException when it is not a whole number or out of range
   */
  public static long wholeNumber(
      Map<String, String> options, String name, long defaultValue, long min, long max) {
    String value = options.get(name);
    if (value == null || value.isBlank()) {
      return defaultValue;
    }
    long parsed;
    try {
      parsed = Long.parseLong(value.trim());
    } catch (NumberFormatException e) {
      throw new OptionException(name + " must be a whole number (got '" + value + "')");
    }
    if (parsed < min || parsed > max) {
      throw new OptionException(
          name + " must be between " + min + " and " + max + " (got " + parsed + ")");
    }
    return parsed;
  }
}
