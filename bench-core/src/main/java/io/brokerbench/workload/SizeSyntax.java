package io.brokerbench.workload;

import java.util.Locale;
import java.util.Map;

/**
 * Sizes in bytes: a whole number of bytes ({@code 12}, as PerfTest's {@code -s} takes it), or with
 * a unit, in either case: decimal {@code k}/{@code kB} (1000), {@code m}/{@code MB} (1000²), {@code
 * g}/{@code GB} (1000³), binary {@code KiB} (1024), {@code MiB} (1024²), {@code GiB} (1024³), or
 * {@code B}. {@code 1k} is 1000 bytes as in quiver's and the SI's usage; write {@code 1KiB} for
 * 1024.
 *
 * <pre>{@code
 * long bytes = SizeSyntax.parse("64KiB"); // 65_536
 * }</pre>
 */
public final class SizeSyntax {
  private static final String EXPECTED =
      "use a whole number of bytes, optionally with k or kB (1000), KiB (1024), m or MB, MiB, g or"
          + " GB, GiB";

  /** Multipliers by lower-case unit. */
  private static final Map<String, Long> UNITS =
      Map.of(
          "kib", 1L << 10,
          "mib", 1L << 20,
          "gib", 1L << 30,
          "kb", 1_000L,
          "mb", 1_000_000L,
          "gb", 1_000_000_000L,
          "k", 1_000L,
          "m", 1_000_000L,
          "g", 1_000_000_000L,
          "b", 1L);

  private SizeSyntax() {}

  /**
   * The number of bytes {@code text} stands for.
   *
   * @throws WorkloadException naming the text and what to write instead
   */
  public static long parse(String text) {
    String size = text.trim().toLowerCase(Locale.ROOT);
    int unitStart = size.length();
    while (unitStart > 0 && Character.isLetter(size.charAt(unitStart - 1))) {
      unitStart--;
    }
    String number = size.substring(0, unitStart).trim();
    String unit = size.substring(unitStart);
    Long multiplier = unit.isEmpty() ? Long.valueOf(1) : UNITS.get(unit);
    // Long.parseLong takes a sign; a size has none.
    if (multiplier == null || number.isEmpty() || !Character.isDigit(number.charAt(0))) {
      throw invalid(text);
    }
    try {
      return Math.multiplyExact(Long.parseLong(number), multiplier);
    } catch (NumberFormatException | ArithmeticException e) {
      throw invalid(text);
    }
  }

  private static WorkloadException invalid(String text) {
    return new WorkloadException("'" + text + "' is not a size: " + EXPECTED);
  }
}
