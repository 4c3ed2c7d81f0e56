package io.brokerbench.result;

import io.brokerbench.latency.LatencyKind;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import org.apache.commons.statistics.inference.MannWhitneyUTest;

/**
 * Whether the measured window was steady. Totals average over the window; when its first third and
 * its last third differ by more than the second-to-second noise (the broker was filling a disk, the
 * JIT was still compiling, a queue was growing), the average describes neither state. Judged per
 * interval on the received rate and on the median latency, each by a Mann-Whitney test of the first
 * third against the last, as {@code bench compare} judges two runs.
 */
public final class SteadyWindow {
  /**
   * A window of fewer measured intervals is too short to show a trend: with thirds of three, even
   * six intervals all in order would arise by chance one time in ten.
   */
  static final int MIN_INTERVALS = 12;

  /** A trend this unlikely to be noise counts, as a clear change does in {@code bench compare}. */
  static final double SIGNIFICANCE = 0.05;

  /** A move smaller than this share of the first third is not worth a warning, however clear. */
  static final double CHANGE = 0.25;

  private SteadyWindow() {}

  /**
   * The warning for a window whose received rate or median latency moved, or null. Runs that step
   * their rate change it on purpose and are not judged; nor are backlog runs, which the caller
   * leaves out.
   *
   * @param intervals the run's intervals, warm-up included (left out here)
   */
  public static Warning of(List<IntervalSample> intervals) {
    List<IntervalSample> window = new ArrayList<>();
    for (IntervalSample s : intervals) {
      if (s.step() > 0) {
        return null;
      }
      // While the producers send: the drain after them is its own state.
      if (!s.warmup() && s.counts().sent() > 0 && s.counts().received() > 0) {
        window.add(s);
      }
    }
    if (window.size() < MIN_INTERVALS) {
      return null;
    }
    List<String> moves = new ArrayList<>();
    String rate = move(window, s -> s.rates().receivedPerSecond(), "received rate", "msg/s");
    if (rate != null) {
      moves.add(rate);
    }
    LatencyKind kind = latencyKind(window);
    if (kind != null) {
      String latency =
          move(
              window,
              s -> s.latency().get(kind.key()).p50Micros() / 1000,
              kind.key() + " p50",
              "ms");
      if (latency != null) {
        moves.add(latency);
      }
    }
    if (moves.isEmpty()) {
      return null;
    }
    return new Warning(
        Warning.UNSTEADY,
        "UNSTEADY: from the first third of the measured window to the last, "
            + String.join(" and ", moves)
            + ": the totals average two states; run longer, or with a longer --warmup");
  }

  /** The latency every interval of the window has, end-to-end or round trip. */
  private static LatencyKind latencyKind(List<IntervalSample> window) {
    for (LatencyKind k : List.of(LatencyKind.END_TO_END, LatencyKind.ROUND_TRIP)) {
      if (window.stream()
          .allMatch(
              s -> s.latency().containsKey(k.key()) && s.latency().get(k.key()).count() > 0)) {
        return k;
      }
    }
    return null;
  }

  /** How the figure moved, as words, or null when it held within the noise. */
  private static String move(
      List<IntervalSample> window,
      ToDoubleFunction<IntervalSample> figure,
      String name,
      String unit) {
    int third = window.size() / 3;
    double[] first = window.subList(0, third).stream().mapToDouble(figure).toArray();
    double[] last =
        window.subList(window.size() - third, window.size()).stream().mapToDouble(figure).toArray();
    double before = median(first);
    double after = median(last);
    if (before <= 0 || Math.abs(after - before) < CHANGE * before) {
      return null;
    }
    double p = MannWhitneyUTest.withDefaults().test(first, last).getPValue();
    if (p >= SIGNIFICANCE) {
      return null;
    }
    return String.format(
        Locale.ROOT,
        "the %s went from %s to %s %s (median per interval, %s)",
        name,
        number(before),
        number(after),
        unit,
        p < 0.001 ? "p<0.001" : String.format(Locale.ROOT, "p=%.3f", p));
  }

  private static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }

  private static String number(double v) {
    return v >= 100
        ? String.format(Locale.ROOT, "%,.0f", v)
        : String.format(Locale.ROOT, "%.2f", v);
  }
}
