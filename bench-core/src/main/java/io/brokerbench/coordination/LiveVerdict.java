package io.brokerbench.coordination;

import io.brokerbench.latency.LatencyHistograms;
import io.brokerbench.result.IntervalSample;
import io.brokerbench.result.LatencySummary;
import io.brokerbench.result.MessageCounts;
import io.brokerbench.result.Rates;
import io.brokerbench.result.ThresholdOutcome;
import io.brokerbench.threshold.Metric;
import io.brokerbench.threshold.Threshold;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The thresholds of a live run checked on the merged figures so far, interval by interval, to tell
 * the first one that can no longer hold, however the rest of the run goes: a ceiling on a figure
 * that only grows as the run goes on, a count ({@code failed == 0}, {@code sent < 1m}) or a largest
 * latency ({@code e2e.max < 1s}), once the figures after the warm-up reach it. Percentiles and
 * rates may still come back and are checked on the result at the end; so are integrity counts
 * ({@code lost}), which only the end can tell.
 *
 * <pre>{@code
 * LiveVerdict verdict = new LiveVerdict(List.of(Threshold.parse("failed == 0")));
 * ThresholdOutcome failed = verdict.add(merged.sample(), merged.histograms()); // null while it may hold
 * }</pre>
 *
 * <p>Not thread-safe: the coordinator's event loop owns it.
 */
public final class LiveVerdict {
  private static final Set<String> GROWING_COUNTS =
      Set.of(
          "sent",
          "confirmed",
          "received",
          "rejected",
          "released",
          "modified",
          "failed",
          "returned",
          "retried",
          "skipped");

  private final List<Threshold> watched = new ArrayList<>();
  private final LatencyHistograms latency = LatencyHistograms.empty();
  private MessageCounts counts = MessageCounts.ZERO;
  private double seconds;

  /** Watches those of {@code thresholds} that a live run can decide. */
  public LiveVerdict(List<Threshold> thresholds) {
    for (Threshold t : thresholds) {
      if (decidable(t)) {
        watched.add(t);
      }
    }
  }

  /**
   * Adds a merged interval.
   *
   * @return the first watched threshold that can no longer hold, once (null otherwise)
   */
  public ThresholdOutcome add(IntervalSample sample, LatencyHistograms histograms) {
    if (sample.warmup() || watched.isEmpty()) {
      return null;
    }
    counts = counts.then(sample.counts());
    latency.add(histograms);
    seconds += sample.seconds();
    IntervalSample soFar = soFar();
    for (Threshold t : watched) {
      ThresholdOutcome outcome = t.check(t.metric().valueIn(soFar), Double.NaN);
      if (!outcome.passed() && outcome.measured() != null) {
        watched.clear();
        return outcome;
      }
    }
    return null;
  }

  /** The figures after the warm-up so far, as one interval. */
  private IntervalSample soFar() {
    Map<String, LatencySummary> summaries = new LinkedHashMap<>();
    LatencySummary.allWithHistograms(latency)
        .forEach((kind, s) -> summaries.put(kind, s.withoutHistogram()));
    return new IntervalSample(
        0, 0, 0, 0, seconds, false, counts, Rates.of(counts, seconds, seconds), summaries, 0, -1);
  }

  /** A whole-run ceiling on a figure that only grows. */
  private static boolean decidable(Threshold t) {
    Metric m = t.metric();
    boolean ceiling =
        switch (t.comparison()) {
          case LESS, AT_MOST, EQUAL -> true;
          default -> false;
        };
    boolean growing =
        GROWING_COUNTS.contains(m.name())
            || (m.quantity() == Metric.Quantity.LATENCY && m.name().endsWith(".max"));
    return ceiling && growing && m.step() < 0 && !t.relative();
  }
}
