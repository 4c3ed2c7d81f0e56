package io.brokerbench.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Finds the highest rate a broker sustains: consumers keep up, the producers achieve it, the
 * schedule slip stays small and the latency objectives hold ({@link ProbeCriteria}).
 *
 * <pre>{@code
 * MaxRateResult result = new MaxRateSearch(MaxRateSettings.DEFAULTS, probe).run();
 * System.out.println(result.ratePerSecond() + " msg/s, failed at " + result.failedAbovePerSecond());
 * }</pre>
 *
 * <p>Implementation notes. Built against the failures of the OpenMessaging Benchmark's rate
 * controller, which adjusts the rate continuously from backlog readings and can stay stuck at 0–1
 * msg/s, swing between 2 and 50 000 msg/s, or settle above what its producers could send:
 *
 * <ol>
 *   <li>Grow: probe {@code start}, {@code start·factor}, … until a probe fails. When the first
 *       probe fails, descend by the same factor until one passes; no rate is probed below {@code
 *       start / factor^probes}, and the search reports that none passed rather than creeping to 0.
 *   <li>Bisect between the highest pass and the lowest fail until the bracket is narrower than
 *       {@code resolution} of its lower end. The bracket only shrinks: no swings.
 *   <li>Confirm: re-measure the candidate. A second pass accepts it; a fail (noise near the limit)
 *       makes it the bracket's new upper end, and the search bisects below it.
 *   <li>Each probe is a fresh run with its own warm-up; a probe passes only when the producers
 *       achieved the target, so the result is never above what they can send.
 *   <li>At most {@code probes} probes in all; out of probes, the best candidate is reported as
 *       unconfirmed.
 * </ol>
 */
public final class MaxRateSearch {
  private final MaxRateSettings settings;
  private final RateProbe probe;
  private final List<MaxRateResult.Probe> probes = new ArrayList<>();
  private final TreeMap<Double, Boolean> passes = new TreeMap<>();
  private final TreeSet<Double> failures = new TreeSet<>();
  private final ProbeListener listener;

  /** Receives each probe as it ends, for progress lines. */
  @FunctionalInterface
  public interface ProbeListener {
    /** Called on the searching thread after each probe. */
    void probed(MaxRateResult.Probe probe);
  }

  /** A search with these settings, probing through {@code probe}. */
  public MaxRateSearch(MaxRateSettings settings, RateProbe probe) {
    this(settings, probe, p -> {});
  }

  /** A search that also tells {@code listener} of each probe. */
  public MaxRateSearch(MaxRateSettings settings, RateProbe probe, ProbeListener listener) {
    this.settings = settings;
    this.probe = probe;
    this.listener = listener;
  }

  /**
   * Searches; blocks for all the probes.
   *
   * @throws InterruptedException when interrupted; the probes so far are lost to the caller
   */
  public MaxRateResult run() throws InterruptedException {
    double rate = settings.startPerSecond();
    // Grow until a probe fails.
    while (budgetLeft()) {
      if (!probe("grow", rate)) {
        break;
      }
      rate *= settings.growthFactor();
    }
    if (passes.isEmpty()) {
      rate = settings.startPerSecond();
      while (budgetLeft() && passes.isEmpty()) {
        rate /= settings.growthFactor();
        probe("descend", rate);
      }
      if (passes.isEmpty()) {
        return result(0, false, "no rate passed down to " + Math.round(rate) + " msg/s");
      }
    }
    while (budgetLeft()) {
      double low = highestUnrefutedPass();
      if (Double.isNaN(low)) {
        return result(0, false, "every passing rate failed when re-measured");
      }
      Double high = failures.higher(low);
      if (high == null) {
        return result(low, passes.get(low), "out of probes before any failed");
      }
      if (high - low > settings.resolution() * low) {
        probe("bisect", (low + high) / 2);
      } else if (passes.get(low)) {
        return result(
            low, true, "bracket narrower than " + Math.round(100 * settings.resolution()) + "%");
      } else if (probe("confirm", low)) {
        return result(
            low,
            true,
            "bracket narrower than " + Math.round(100 * settings.resolution()) + "%, confirmed");
      }
    }
    double best = highestUnrefutedPass();
    return Double.isNaN(best)
        ? result(0, false, "out of probes")
        : result(best, passes.get(best), "out of probes (" + settings.maxProbes() + ")");
  }

  /** The highest rate that passed and did not fail since: the bracket's lower end. */
  private double highestUnrefutedPass() {
    for (Double rate : passes.descendingKeySet()) {
      if (!failures.contains(rate)) {
        return rate;
      }
    }
    return Double.NaN;
  }

  private boolean budgetLeft() {
    return probes.size() < settings.maxProbes();
  }

  /** Probes a rate and records it; true when it passed. */
  private boolean probe(String phase, double rate) throws InterruptedException {
    ProbeMeasurement measurement = probe.probe(rate);
    ProbeVerdict verdict = settings.criteria().judge(measurement);
    MaxRateResult.Probe record =
        new MaxRateResult.Probe(probes.size(), phase, measurement, verdict);
    probes.add(record);
    listener.probed(record);
    if (verdict.pass()) {
      // A rate that passed twice is confirmed; one that passed once awaits confirmation.
      passes.merge(rate, false, (earlier, now) -> true);
    } else {
      failures.add(rate);
    }
    return verdict.pass();
  }

  private MaxRateResult result(double rate, boolean confirmed, String stop) {
    Double above = rate > 0 ? failures.higher(rate) : failures.isEmpty() ? null : failures.first();
    return new MaxRateResult(
        rate, confirmed, above == null ? 0 : above, new ArrayList<>(failures), stop, probes);
  }
}
