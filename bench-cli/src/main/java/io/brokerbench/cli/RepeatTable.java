package io.brokerbench.cli;

import io.brokerbench.compare.RepeatedRuns;
import java.io.PrintWriter;
import java.util.Locale;

/** The console table of a {@code --repeat} run: each figure's median, interval and range. */
final class RepeatTable {
  private RepeatTable() {}

  /** Prints the table, and why the interval is missing when the runs are too few. */
  static void print(RepeatedRuns repeats, PrintWriter out) {
    print(null, repeats, out);
  }

  /** The same under a title: {@code == 003-rate=1000: 6 runs ==}. */
  static void print(String title, RepeatedRuns repeats, PrintWriter out) {
    out.printf(
        Locale.ROOT, "%n== %s%d runs ==%n", title == null ? "" : title + ": ", repeats.runs());
    out.printf(
        Locale.ROOT,
        "%-16s %14s   %-36s %s%n",
        "figure",
        "median",
        "95% interval of the median",
        "range");
    boolean anyInterval = false;
    for (RepeatedRuns.Spread f : repeats.figures()) {
      anyInterval |= f.low() != null;
      out.printf(
          Locale.ROOT,
          "%-16s %14s   %-36s %s%n",
          f.metric(),
          f.medianText(),
          f.intervalText(),
          f.rangeText());
    }
    out.println(
        anyInterval
            ? "(±: how far the true median may be from this one; a relative threshold or change"
                + " smaller than that is not decided by these runs)"
            : "(fewer than 6 runs have no 95% interval of the median: --repeat 6 or more)");
    out.flush();
  }
}
