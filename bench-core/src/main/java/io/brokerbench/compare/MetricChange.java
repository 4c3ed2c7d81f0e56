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
 * @param better true when the change is for the better (lower latency, CPU or loss; higher rate)
 */
public record MetricChange(
    String metric, Double baseline, Double candidate, Double changePercent, boolean better) {

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
}
