package io.brokerbench.threshold;

import io.brokerbench.result.RunResult;
import io.brokerbench.result.ThresholdOutcome;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A pass/fail criterion on a result, written {@code METRIC OP BOUND}:
 *
 * <pre>
 * e2e.p99 &lt; 5ms              received.rate &gt;= 20k          lost == 0
 * step3.e2e.p99.9 &lt; 50ms     cpu.us_per_msg &lt;= 15us         e2e.p99 &lt;= baseline + 10%
 * </pre>
 *
 * OP is one of {@code < <= > >= == !=}. BOUND is a number with the metric's unit ({@code 5ms},
 * {@code 250us}, {@code 20k}, {@code 64MiB}; latencies without a unit are microseconds), or, in a
 * comparison of two runs, {@code baseline} optionally followed by {@code * F}, {@code + N%} or
 * {@code - N%}. See {@link Metric} for the metrics.
 *
 * <pre>{@code
 * ThresholdOutcome outcome = Threshold.parse("e2e.p99 < 5ms").check(result);
 * assertThat(outcome.passed()).as(outcome.message()).isTrue();
 * }</pre>
 *
 * @param text the threshold as written
 * @param metric what is measured
 * @param comparison how the measured value must compare with the bound
 * @param bound the bound: its value (in the metric's base unit), or a factor of the baseline's
 *     value
 * @param relative true when the bound is {@code bound} times the baseline's value
 */
public record Threshold(
    String text, Metric metric, Comparison comparison, double bound, boolean relative) {

  private static final Pattern FORM =
      Pattern.compile("\\s*(\\S+)\\s*(<=|>=|==|!=|<|>)\\s*(.+?)\\s*");
  private static final Pattern BASELINE =
      Pattern.compile("baseline(?:\\s*\\*\\s*([0-9.]+)|\\s*([+-])\\s*([0-9.]+)\\s*%)?");

  /** How a measured value must compare with the bound. */
  public enum Comparison {
    /** Strictly below. */
    LESS("<"),
    /** Below or equal. */
    AT_MOST("<="),
    /** Strictly above. */
    GREATER(">"),
    /** Above or equal. */
    AT_LEAST(">="),
    /** Equal. */
    EQUAL("=="),
    /** Not equal. */
    NOT_EQUAL("!=");

    private final String symbol;

    Comparison(String symbol) {
      this.symbol = symbol;
    }

    /** The operator as written. */
    public String symbol() {
      return symbol;
    }

    boolean holds(double measured, double bound) {
      return switch (this) {
        case LESS -> measured < bound;
        case AT_MOST -> measured <= bound;
        case GREATER -> measured > bound;
        case AT_LEAST -> measured >= bound;
        case EQUAL -> measured == bound;
        case NOT_EQUAL -> measured != bound;
      };
    }

    static Comparison of(String symbol) {
      for (Comparison c : values()) {
        if (c.symbol.equals(symbol)) {
          return c;
        }
      }
      throw new IllegalArgumentException(symbol);
    }
  }

  /**
   * Reads a threshold.
   *
   * @throws ThresholdException with one line saying what is wrong and how to write it
   */
  public static Threshold parse(String text) {
    Matcher form = FORM.matcher(text);
    if (!form.matches()) {
      throw new ThresholdException(
          "threshold '"
              + text
              + "' is not METRIC OP BOUND: write e.g. 'e2e.p99 < 5ms', 'lost == 0' or"
              + " 'received.rate >= 20000'");
    }
    Metric metric = Metric.parse(form.group(1));
    Comparison comparison = Comparison.of(form.group(2));
    String bound = form.group(3).trim();
    Matcher baseline = BASELINE.matcher(bound.toLowerCase(Locale.ROOT));
    if (baseline.matches()) {
      double factor = 1;
      if (baseline.group(1) != null) {
        factor = Double.parseDouble(baseline.group(1));
      } else if (baseline.group(2) != null) {
        double percent = Double.parseDouble(baseline.group(3)) / 100;
        factor = baseline.group(2).equals("+") ? 1 + percent : 1 - percent;
      }
      return new Threshold(text.trim(), metric, comparison, factor, true);
    }
    return new Threshold(
        text.trim(), metric, comparison, Units.parse(bound, metric, text.trim()), false);
  }

  /**
   * Checks an absolute threshold on a result.
   *
   * @throws ThresholdException when the bound is relative to a baseline
   */
  public ThresholdOutcome check(RunResult result) {
    if (relative) {
      throw new ThresholdException(
          "threshold '" + text + "' compares with a baseline: use it with bench compare");
    }
    return outcome(metric.valueIn(result), bound);
  }

  /** Checks a threshold on a candidate, a relative bound against the baseline's value. */
  public ThresholdOutcome check(RunResult candidate, RunResult baseline) {
    return check(metric.valueIn(candidate), metric.valueIn(baseline));
  }

  /**
   * Checks a threshold on a candidate's value of its metric, a relative bound against the
   * baseline's value (NaN when either was not measured).
   */
  public ThresholdOutcome check(double candidate, double baseline) {
    return outcome(candidate, relative ? bound * baseline : bound);
  }

  /**
   * Checks a threshold on the median of several runs, knowing how far the true median may be from
   * it: held when the whole of its confidence interval meets the bound, failed when none of it
   * does, else {@linkplain ThresholdOutcome#INCONCLUSIVE inconclusive} — the runs cannot tell, and
   * more of them might. A relative bound is taken against the baseline's median.
   *
   * @param median the candidate runs' median
   * @param low the lower end of the median's confidence interval, or NaN when the runs are too few
   *     for one (the median alone then decides)
   * @param high its upper end, or NaN likewise
   * @param baseline the baseline's value (its runs' median), for a relative bound
   */
  public ThresholdOutcome check(double median, double low, double high, double baseline) {
    double limit = relative ? bound * baseline : bound;
    if (Double.isNaN(low) || Double.isNaN(high) || Double.isNaN(median)) {
      return outcome(median, limit);
    }
    boolean lowHolds = comparison.holds(low, limit);
    boolean highHolds = comparison.holds(high, limit);
    if (lowHolds == highHolds) {
      return outcome(median, limit);
    }
    return new ThresholdOutcome(
        text,
        metric.name(),
        median,
        limit,
        false,
        "INCONCLUSIVE: "
            + text
            + " (median "
            + Units.format(median, metric.quantity())
            + ", 95% interval "
            + Units.format(low, metric.quantity())
            + " .. "
            + Units.format(high, metric.quantity())
            + ", bound "
            + Units.format(limit, metric.quantity())
            + "): the runs cannot tell; more of them may",
        ThresholdOutcome.INCONCLUSIVE);
  }

  private ThresholdOutcome outcome(double measured, double limit) {
    boolean passed = !Double.isNaN(measured) && comparison.holds(measured, limit);
    String value =
        Double.isNaN(measured)
            ? "not measured in this run"
            : "measured " + Units.format(measured, metric.quantity());
    String bounded = relative ? ", bound " + Units.format(limit, metric.quantity()) : "";
    return new ThresholdOutcome(
        text,
        metric.name(),
        Double.isNaN(measured) ? null : measured,
        limit,
        passed,
        (passed ? "passed: " : "FAILED: ") + text + " (" + value + bounded + ")",
        passed ? ThresholdOutcome.PASSED : ThresholdOutcome.FAILED);
  }
}
