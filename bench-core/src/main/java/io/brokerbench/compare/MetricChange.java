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
 *     #NO_CLEAR_CHANGE} (the samples differ no more than their noise), {@link #UNCHANGED} (less
 *     than 0.05 % apart), {@link #NOT_COMPARABLE}, or null when either value is missing
 * @param pValue how likely samples this far apart are by chance alone (a two-sided Mann-Whitney U
 *     test of the two sides' samples), or null when the figure was not judged on samples (lost and
 *     duplicates, which are counted exactly; a side without samples)
 * @param baselineSamples the baseline's samples of the figure: its runs' values when it has several
 *     runs, else its measured intervals' values
 * @param candidateSamples the candidate's, likewise
 */
public record MetricChange(
    String metric,
    Double baseline,
    Double candidate,
    Double changePercent,
    String verdict,
    Double pValue,
    int baselineSamples,
    int candidateSamples) {

  /** The candidate's figure is the better one. */
  public static final String BETTER = "better";

  /** The candidate's figure is the worse one. */
  public static final String WORSE = "worse";

  /**
   * The figures differ, but no more than their samples vary: a difference this large would arise by
   * chance alone at least once in twenty comparisons (benchstat's {@code ~}).
   */
  public static final String NO_CLEAR_CHANGE = "no clear change";

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
   * What the verdict rests on, as benchstat prints it: {@code p=0.002 n=10+10} (the p-value, or
   * {@code p<0.001}, and the samples of each side); empty when the figure was not judged on
   * samples.
   */
  public String evidenceText() {
    if (pValue == null) {
      return "";
    }
    // Three decimals, as benchstat prints them; below that the figure says no more.
    String p = pValue < 0.001 ? "p<0.001" : String.format(Locale.ROOT, "p=%.3f", pValue);
    return String.format(Locale.ROOT, "%s n=%d+%d", p, baselineSamples, candidateSamples);
  }

  /**
   * A verdict (this one's, or a comparison's {@linkplain RunComparison#statusVerdict() status}) as
   * a table shows it: empty when there is none or nothing changed.
   */
  public static String verdictText(String verdict) {
    return verdict == null || verdict.equals(UNCHANGED) ? "" : verdict;
  }
}
