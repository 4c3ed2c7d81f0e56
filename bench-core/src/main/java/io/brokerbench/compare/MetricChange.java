package io.brokerbench.compare;

import java.util.Locale;

/**
 * One figure of a baseline and a candidate run.
 *
 * @param metric the metric's name (see {@link io.brokerbench.threshold.Metric})
 * @param baseline the baseline's value, or null when it was not measured
 * @param candidate the candidate's value, or null
 * @param changePercent the candidate's change in percent of the baseline, or null when either is
 *     missing or the baseline is 0
 * @param verdict {@link #BETTER} (lower latency, CPU or loss; higher rate), {@link #WORSE}, {@link
 *     #UNCHANGED} (less than 0.05 % apart), {@link #NOT_COMPARABLE}, or null when either value is
 *     missing
 */
public record MetricChange(
    String metric, Double baseline, Double candidate, Double changePercent, String verdict) {

  /** The candidate's figure is the better one. */
  public static final String BETTER = "better";

  /** The candidate's figure is the worse one. */
  public static final String WORSE = "worse";

  /** The two figures are the same to a twentieth of a percent. */
  public static final String UNCHANGED = "unchanged";

  /**
   * One of the runs did not complete or lost messages, so the figure describes another run than its
   * counterpart: a rate or latency of a run cut short, or of the messages that survived.
   */
  public static final String NOT_COMPARABLE = "not comparable";

  /**
   * The change as people read it, to a tenth of a percent with its sign ({@code +2.5%}, {@code
   * -0.3%}); {@code 0.0%} when it rounds to zero, whichever its sign; {@code -} when there is none.
   */
  public String changeText() {
    if (changePercent == null) {
      return "-";
    }
    String text = String.format(Locale.ROOT, "%+.1f%%", changePercent);
    // A change that rounds to zero is no change, not "-0.0%".
    return text.substring(1).equals("0.0%") ? "0.0%" : text;
  }

  /**
   * A verdict (this one's, or a comparison's {@linkplain RunComparison#statusVerdict() status}) as
   * a table shows it: empty when there is none or nothing changed.
   */
  public static String verdictText(String verdict) {
    return verdict == null || verdict.equals(UNCHANGED) ? "" : verdict;
  }
}
