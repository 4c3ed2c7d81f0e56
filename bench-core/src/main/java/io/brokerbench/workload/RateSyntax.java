package io.brokerbench.workload;

import java.util.Locale;

/**
 * Rates in messages per second: {@code unlimited}, or a number with an optional decimal suffix:
 * {@code 500}, {@code 2.5}, {@code 10k} (10 000), {@code 1.5m} (1 500 000). Whether the rate is
 * allowed (above zero) is {@link RateStep}'s to say.
 *
 * <pre>{@code
 * double perSecond = RateSyntax.parse("10k"); // 10_000.0
 * }</pre>
 */
public final class RateSyntax {
  /** The word for no rate limit. */
  public static final String UNLIMITED = "unlimited";

  private static final String EXPECTED =
      "use a number of msg/s, optionally with k or m (10k), or " + UNLIMITED;

  private RateSyntax() {}

  /**
   * The rate {@code text} stands for, {@link RateStep#UNLIMITED} for {@code unlimited}.
   *
   * @throws WorkloadException naming the text and what to write instead
   */
  public static double parse(String text) {
    String rate = text.trim().toLowerCase(Locale.ROOT);
    if (rate.equals(UNLIMITED)) {
      return RateStep.UNLIMITED;
    }
    double multiplier = 1;
    if (rate.endsWith("k")) {
      multiplier = 1e3;
    } else if (rate.endsWith("m")) {
      multiplier = 1e6;
    }
    if (multiplier > 1) {
      rate = rate.substring(0, rate.length() - 1);
    }
    // Double.parseDouble also takes "NaN", "Infinity", hex and a trailing d or f.
    if (!rate.matches("-?[0-9]+(\\.[0-9]+)?")) {
      throw new WorkloadException("'" + text + "' is not a rate: " + EXPECTED);
    }
    return Double.parseDouble(rate) * multiplier;
  }
}
