package io.brokerbench.compare;

import io.brokerbench.result.RunResult;
import io.brokerbench.result.ThresholdOutcome;
import io.brokerbench.threshold.Metric;
import io.brokerbench.threshold.Threshold;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A candidate run beside its baseline: how each ended, rates, latency percentiles, CPU per message
 * and integrity, with the change of each, and the thresholds checked on the candidate against the
 * baseline.
 *
 * <p>A candidate that did not complete, lost messages or is {@linkplain
 * io.brokerbench.result.Validity suspect} is worse, whatever its figures: its status and loss say
 * so, and a suspect run's figures may be the generator's or the machine's (a note names why). Of a
 * run that did not complete or lost messages, and its rates, latencies and CPU per message, which
 * describe a run cut short or only the messages that arrived, are {@linkplain
 * MetricChange#NOT_COMPARABLE not comparable} (likewise when the baseline is such a run).
 *
 * <pre>{@code
 * RunComparison c = RunComparison.of("000-classic", baseline, candidate,
 *     List.of(Threshold.parse("e2e.p99 <= baseline + 10%")));
 * }</pre>
 *
 * @param name what was compared (a cell's id, or the runs' names)
 * @param baseline how the baseline ended
 * @param candidate how the candidate ended
 * @param statusVerdict {@link MetricChange#WORSE} when the candidate did not complete or is
 *     suspect, {@link MetricChange#BETTER} when only the baseline did not or was, else {@link
 *     MetricChange#UNCHANGED}
 * @param changes the figures side by side
 * @param notes why figures are not comparable or in doubt, one line per side that did not complete,
 *     lost messages or is suspect; empty when both are sound and valid
 * @param thresholds the thresholds checked on the candidate
 */
public record RunComparison(
    String name,
    RunOutcome baseline,
    RunOutcome candidate,
    String statusVerdict,
    List<MetricChange> changes,
    List<String> notes,
    List<ThresholdOutcome> thresholds) {

  /** The figures compared, in the order they are shown. */
  public static final List<String> METRICS =
      List.of(
          "sent.rate",
          "received.rate",
          "e2e.p50",
          "e2e.p99",
          "e2e.p99.9",
          "e2e.max",
          "confirm.p50",
          "confirm.p99",
          "cpu.us_per_msg",
          "lost",
          "duplicates");

  /** The figures that stay comparable when a run did not complete or lost messages. */
  private static final Set<String> INTEGRITY = Set.of("lost", "duplicates");

  /** Copies the lists. */
  public RunComparison {
    changes = List.copyOf(changes);
    notes = List.copyOf(notes);
    thresholds = List.copyOf(thresholds);
  }

  /** Compares a candidate run with its baseline run. */
  public static RunComparison of(
      String name, RunResult baseline, RunResult candidate, List<Threshold> thresholds) {
    return of(name, List.of(baseline), List.of(candidate), thresholds);
  }

  /**
   * Compares a candidate with its baseline, each one run or several runs of one workload. A figure
   * is better or worse only when the two sides' samples of it (their runs' values when both sides
   * have several, else their runs' measured intervals') differ beyond their noise; otherwise there
   * is {@linkplain MetricChange#NO_CLEAR_CHANGE no clear change}. Of several runs, a side's value
   * is the median of its runs' values, which thresholds check too.
   */
  public static RunComparison of(
      String name,
      List<RunResult> baseline,
      List<RunResult> candidate,
      List<Threshold> thresholds) {
    RunOutcome before = RunOutcome.of(baseline);
    RunOutcome after = RunOutcome.of(candidate);
    boolean comparable = before.sound() && after.sound();
    // Runs are the samples when both sides have several; else the intervals of each side's runs.
    boolean byRuns = baseline.size() > 1 && candidate.size() > 1;
    List<MetricChange> changes = new ArrayList<>();
    for (String metricName : METRICS) {
      Metric metric = Metric.parse(metricName);
      double b = value(metric, baseline);
      double c = value(metric, candidate);
      if (Double.isNaN(b) && Double.isNaN(c)) {
        continue;
      }
      Double change = Double.isNaN(b) || Double.isNaN(c) || b == 0 ? null : (c / b - 1) * 100;
      MetricSamples bs = MetricSamples.of(metric, baseline, byRuns);
      MetricSamples cs = MetricSamples.of(metric, candidate, byRuns);
      double p = INTEGRITY.contains(metricName) ? Double.NaN : bs.pValueAgainst(cs);
      boolean higherIsBetter = metric.quantity() == Metric.Quantity.RATE;
      String verdict;
      if (metricName.equals("lost") && after.lost() > 0) {
        // Any loss is a broken run, even beside a baseline that lost more.
        verdict = MetricChange.WORSE;
      } else if (!comparable && !INTEGRITY.contains(metricName)) {
        verdict = MetricChange.NOT_COMPARABLE;
      } else if (Double.isNaN(p)) {
        verdict = verdict(b, c, higherIsBetter);
      } else if (p >= MetricSamples.SIGNIFICANCE) {
        String byValue = verdict(b, c, higherIsBetter);
        verdict = MetricChange.UNCHANGED.equals(byValue) ? byValue : MetricChange.NO_CLEAR_CHANGE;
      } else {
        // The samples differ beyond their noise; their medians say which way.
        String bySamples = verdict(bs.median(), cs.median(), higherIsBetter);
        verdict =
            MetricChange.UNCHANGED.equals(bySamples) ? verdict(b, c, higherIsBetter) : bySamples;
      }
      // A p-value is shown where it decided: not beside identical or incomparable figures.
      boolean judged =
          !MetricChange.UNCHANGED.equals(verdict)
              && !MetricChange.NOT_COMPARABLE.equals(verdict)
              && !Double.isNaN(p);
      changes.add(
          new MetricChange(
              metricName,
              Double.isNaN(b) ? null : b,
              Double.isNaN(c) ? null : c,
              change,
              verdict,
              judged ? p : null,
              bs.count(),
              cs.count()));
    }
    List<String> notes = new ArrayList<>();
    if (!before.sound()) {
      notes.add(note("baseline", before));
    }
    if (!after.sound()) {
      notes.add(note("candidate", after));
    }
    if (!before.valid()) {
      notes.add(suspectNote("baseline", before));
    }
    if (!after.valid()) {
      notes.add(suspectNote("candidate", after));
    }
    String statusVerdict =
        !after.completed() || !after.valid()
            ? MetricChange.WORSE
            : !before.completed() || !before.valid() ? MetricChange.BETTER : MetricChange.UNCHANGED;
    List<ThresholdOutcome> outcomes =
        thresholds.stream().map(t -> check(t, baseline, candidate)).toList();
    return new RunComparison(name, before, after, statusVerdict, changes, notes, outcomes);
  }

  /**
   * A threshold on the candidate: on its run's value, or, of several runs, on their median and its
   * 95 % interval, so that a bound inside the noise is inconclusive rather than a coin toss.
   */
  private static ThresholdOutcome check(
      Threshold threshold, List<RunResult> baseline, List<RunResult> candidate) {
    double before = value(threshold.metric(), baseline);
    if (candidate.size() == 1) {
      return threshold.check(value(threshold.metric(), candidate), before);
    }
    return RepeatedRuns.check(threshold, candidate, before);
  }

  /** A side's value of a figure: its run's, or the median of its runs'. */
  private static double value(Metric metric, List<RunResult> runs) {
    if (runs.size() == 1) {
      return metric.valueIn(runs.get(0));
    }
    return MetricSamples.of(metric, runs, true).median();
  }

  /** True when every threshold holds. */
  public boolean passed() {
    return thresholds.stream().allMatch(ThresholdOutcome::passed);
  }

  private static String verdict(double before, double after, boolean higherIsBetter) {
    if (Double.isNaN(before) || Double.isNaN(after)) {
      return null;
    }
    if (before == after || (before != 0 && Math.abs(after / before - 1) < 0.0005)) {
      return MetricChange.UNCHANGED;
    }
    return (higherIsBetter ? after > before : after < before)
        ? MetricChange.BETTER
        : MetricChange.WORSE;
  }

  private static String suspectNote(String side, RunOutcome run) {
    return side
        + " suspect ("
        + String.join(", ", run.suspect())
        + "): its figures may be the generator's or the machine's, not the broker's";
  }

  private static String note(String side, RunOutcome run) {
    List<String> what = new ArrayList<>();
    if (!run.completed()) {
      what.add(run.status() + (run.error() == null ? "" : " (" + run.error() + ")"));
    }
    if (run.lost() > 0) {
      what.add(String.format(Locale.ROOT, "lost %,d message(s)", run.lost()));
    }
    return side
        + " "
        + String.join(", ", what)
        + ": its rates, latencies and CPU per message are not comparable";
  }
}
