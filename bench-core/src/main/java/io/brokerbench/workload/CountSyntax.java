package io.brokerbench.workload;

import java.util.Locale;

/**
 * Counts as people write them on a command line or in a scenario file: a whole number with an
 * optional decimal suffix, as quiver accepts them: {@code 1000}, {@code 10k} (10 000), {@code 1m}
 * (1 000 000), {@code 2g} (2 000 000 000); the suffix in either case.
 *
 * <pre>{@code
 * long messages = CountSyntax.parse("10k"); // 10_000
 * }</pre>
 */
public final class CountSyntax {
  private static final String EXPECTED =
      "use a whole number >= 0, optionally with k (thousand), m (million) or g (billion)";

  private CountSyntax() {}

  /**
   * The count {@code text} stands for.
   *
   * @throws WorkloadException naming the text and what to write instead
   */
  public static long parse(String text) {
    String number = text.trim().toLowerCase(Locale.ROOT);
    long multiplier = 1;
    if (number.endsWith("k")) {
      multiplier = 1_000;
    } else if (number.endsWith("m")) {
      multiplier = 1_000_000;
    } else if (number.endsWith("g")) {
      multiplier = 1_000_000_000;
    }
    if (multiplier > 1) {
      number = number.substring(0, number.length() - 1);
    }
    // Long.parseLong takes a sign; a count has none.
    if (number.isEmpty() || !Character.isDigit(number.charAt(0))) {
      throw invalid(text);
    }
    try {
      return Math.multiplyExact(Long.parseLong(number), multiplier);
    } catch (NumberFormatException | ArithmeticException e) {
      throw invalid(text);
    }
  }

  private static WorkloadException invalid(String text) {
    return new WorkloadException("'" + text + "' is not a count: " + EXPECTED);
  }
}
