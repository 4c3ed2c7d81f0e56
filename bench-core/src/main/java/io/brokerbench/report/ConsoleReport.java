package io.brokerbench.report;

import io.brokerbench.integrity.IntegrityCounts;
import io.brokerbench.latency.LatencyKind;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Prints one line per interval and a final summary for people: rates, latency percentiles (from the
 * intended send time, and from the actual send), CPU and RSS, integrity counts and warnings.
 */
public final class ConsoleReport implements ReportSink {
  private final PrintWriter out;
  private final boolean intervalLines;
  private int lines;

  /** A report printing every interval and the summary to {@code out}. */
  public ConsoleReport(PrintWriter out) {
    this(out, true);
  }

  /**
   * A report printing to {@code out}.
   *
   * @param intervalLines false to print only the start line and the summary (when another report
   *     prints the intervals)
   */
  public ConsoleReport(PrintWriter out, boolean intervalLines) {
    this.out = out;
    this.intervalLines = intervalLines;
  }

  @Override
  public void started(Environment env, WorkloadSummary workload) {
    out.printf(
        Locale.ROOT,
        "brokerbench %s -> %s%s, %d producer(s), %d consumer(s), %d B messages, stamp in %s%n",
        env.driver(),
        env.target(),
        env.embedded() ? " (embedded broker: shares this machine's CPU)" : "",
        workload.producers(),
        workload.consumers(),
        workload.messageBytes(),
        env.stampLocation());
    out.flush();
  }

  @Override
  public void interval(IntervalSample s, Map<LatencyKind, Histogram> histograms) {
    if (!intervalLines) {
      return;
    }
    if (lines++ % 20 == 0) {
      out.println(
          "   time(s)     sent/s     conf/s     recv/s |  e2e p50(us)    p99(us)    max(us) |"
              + " confirm p50(us)   p99(us) |  cpu%  rss(MB)");
    }
    LatencySummary e2e = s.latency().get(LatencyKind.END_TO_END.key());
    LatencySummary confirm = s.latency().get(LatencyKind.CONFIRM.key());
    out.printf(
        Locale.ROOT,
        "%10.1f %10.0f %10.0f %10.0f | %12s %10s %10s | %15s %9s | %5.0f %8s%s%n",
        s.endSeconds(),
        s.sentPerSecond(),
        s.confirmedPerSecond(),
        s.receivedPerSecond(),
        micros(e2e == null ? null : e2e.p50Micros(), e2e),
        micros(e2e == null ? null : e2e.p99Micros(), e2e),
        micros(e2e == null ? null : e2e.maxMicros(), e2e),
        micros(confirm == null ? null : confirm.p50Micros(), confirm),
        micros(confirm == null ? null : confirm.p99Micros(), confirm),
        s.cpuPercent(),
        s.rssBytes() < 0 ? "-" : String.valueOf(s.rssBytes() >> 20),
        s.warmup() ? "  (warm-up)" : "");
    out.flush();
  }

  private static String micros(Double value, LatencySummary summary) {
    if (summary == null || summary.count() == 0) {
      return "-";
    }
    return String.format(Locale.ROOT, "%.1f", value);
  }

  @Override
  public void finished(RunResult r) {
    Totals t = r.totals();
    out.println();
    out.printf(Locale.ROOT, "== brokerbench summary (%s) ==%n", r.status());
    if (r.error() != null) {
      out.println("error: " + r.error());
    }
    out.printf(
        Locale.ROOT,
        "sent %d (%.0f msg/s), confirmed %d (%.0f msg/s), received %d (%.0f msg/s)%n",
        t.sent(),
        t.sentPerSecond(),
        t.confirmed(),
        t.confirmedPerSecond(),
        t.received(),
        t.receivedPerSecond());
    out.printf(
        Locale.ROOT,
        "rejected %d, released %d, modified %d, failed %d, retries %d, returned %d, unconfirmed"
            + " at end %d, skipped sends %d%n",
        t.rejected(),
        t.released(),
        t.modified(),
        t.failed(),
        t.retried(),
        t.returned(),
        t.unconfirmed(),
        t.skippedSends());
    out.printf(
        Locale.ROOT,
        "client CPU %.2f s (%.2f us/msg), peak RSS %s MB%n",
        t.cpuSeconds(),
        t.cpuMicrosPerMessage(),
        t.peakRssBytes() < 0 ? "-" : String.valueOf(t.peakRssBytes() >> 20));
    out.println(
        "latency (us)                            count      min      p50      p75      p90      p95"
            + "      p99    p99.9   p99.99      max");
    for (LatencyKind kind : LatencyKind.values()) {
      LatencySummary l = r.latency().get(kind.key());
      if (l == null || l.count() == 0) {
        continue;
      }
      out.printf(
          Locale.ROOT,
          "%-34s %10d %8.1f %8.1f %8.1f %8.1f %8.1f %8.1f %8.1f %8.1f %8.1f%s%n",
          kind.label(),
          l.count(),
          l.minMicros(),
          l.p50Micros(),
          l.p75Micros(),
          l.p90Micros(),
          l.p95Micros(),
          l.p99Micros(),
          l.p999Micros(),
          l.p9999Micros(),
          l.maxMicros(),
          l.negative() + l.clamped() > 0
              ? "  (" + l.negative() + " negative, " + l.clamped() + " clamped)"
              : "");
    }
    IntegrityCounts i = r.integrity();
    out.printf(
        Locale.ROOT,
        "integrity: unique %d, lost %d, duplicates %d, redelivered %d, out of order %d, foreign %d%n",
        i.unique(),
        i.lost(),
        i.duplicates(),
        i.redelivered(),
        i.outOfOrder(),
        i.foreign());
    for (String warning : r.warnings()) {
      out.println("WARNING: " + warning);
    }
    out.flush();
  }
}
