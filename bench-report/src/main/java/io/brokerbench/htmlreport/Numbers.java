package io.brokerbench.htmlreport;

import java.util.Locale;

/** Numbers as the report's tables print them: fixed decimals, dot separator, with units. */
final class Numbers {
  private Numbers() {}

  /** A rate in msg/s. */
  static String rate(double perSecond) {
    return fixed(perSecond, 0) + " msg/s";
  }

  /** A duration in seconds. */
  static String seconds(double seconds) {
    return fixed(seconds, seconds == Math.rint(seconds) ? 0 : 1) + " s";
  }

  /** A number with this many decimals, independent of the default locale. */
  static String fixed(double value, int decimals) {
    return String.format(Locale.ROOT, "%." + decimals + "f", value);
  }
}
