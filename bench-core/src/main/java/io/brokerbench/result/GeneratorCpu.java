package io.brokerbench.result;

import java.util.List;
import java.util.Locale;

/**
 * Whether the generator's process used nearly all the processors it had. A generator with no
 * processor to spare sets the pace itself: the rates it reached and the latencies it measured may
 * be its own limit, not the broker's.
 */
public final class GeneratorCpu {
  /** The share of all processors from which the generator had none to spare. */
  static final double SATURATED = 0.90;

  /** A run of fewer measured intervals is too short to judge: start-up is most of it. */
  static final int MIN_INTERVALS = 3;

  private GeneratorCpu() {}

  /**
   * The warning for a run whose process used {@value #SATURATED} or more of {@code cores}
   * processors on average over its measured intervals, or null.
   *
   * @param intervals the run's intervals, warm-up included (left out here)
   * @param cores processors available to the generator
   */
  public static Warning of(List<IntervalSample> intervals, int cores) {
    double sum = 0;
    int n = 0;
    for (IntervalSample s : intervals) {
      if (!s.warmup() && s.cpuPercent() >= 0) {
        sum += s.cpuPercent();
        n++;
      }
    }
    if (n < MIN_INTERVALS || cores <= 0) {
      return null;
    }
    double share = sum / n / (100.0 * cores);
    if (share < SATURATED) {
      return null;
    }
    return new Warning(
        Warning.GENERATOR_CPU,
        String.format(
            Locale.ROOT,
            "GENERATOR_CPU: the generator's process used %.0f %% of the %d processor(s) it had: the"
                + " rates and latencies may be its limit, not the broker's; give it more"
                + " processors or another machine (--shard)",
            share * 100,
            cores));
  }
}
