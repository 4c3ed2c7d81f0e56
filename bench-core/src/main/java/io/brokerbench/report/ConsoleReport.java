package io.brokerbench.report;

import io.brokerbench.latency.LatencyHistograms;
import io.brokerbench.latency.LatencyKind;
import io.brokerbench.result.Environment;
import io.brokerbench.result.IntegrityCounts;
import io.brokerbench.result.IntervalSample;
import io.brokerbench.result.LatencySummary;
import io.brokerbench.result.MessageCounts;
import io.brokerbench.result.RunExtras;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.StepResult;
import io.brokerbench.result.ThresholdOutcome;
import io.brokerbench.result.Totals;
import io.brokerbench.result.Validity;
import io.brokerbench.result.Warning;
import io.brokerbench.result.WorkloadSummary;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * Prints one line per interval and a final summary for people: rates, latency percentiles (from the
 * intended send time, and from the actual send), CPU and RSS, integrity counts and warnings.
 */
public final class ConsoleReport implements ReportSink {
  /** The name users choose this report by. */
  public static final String NAME = "brokerbench";

  /** The width of the latency table's first column: the longest label fits, and the header. */
  private static final int LABEL_WIDTH =
      Arrays.stream(LatencyKind.values()).mapToInt(k -> k.label().length()).max().orElse(0);

  private final PrintWriter out;
  private final boolean intervalLines;
  private boolean confirms = true;
  private boolean rateSteps;
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
    confirms = workload.inFlightWindow() > 0;
    rateSteps = workload.rateSteps().size() > 1;
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
    env.clientNodes().forEach((client, node) -> out.println("  " + client + " -> " + node));
    if (workload.warmupSeconds() > 0) {
      out.printf(
          Locale.ROOT,
          "  warm-up %s s: sent and checked, but left out of the totals (--warmup 0 counts it)%n",
          BigDecimal.valueOf(workload.warmupSeconds()).stripTrailingZeros().toPlainString());
    }
    if (workload.connections() > 0 && workload.connectionSendRate() > 0) {
      out.printf(
          Locale.ROOT,
          "  each of the %d idle connections sends %s msg/s (one producer more, in turn over them)%n",
          workload.connections(),
          BigDecimal.valueOf(workload.connectionSendRate()).stripTrailingZeros().toPlainString());
    }
    out.flush();
  }

  @Override
  public void interval(IntervalSample s, LatencyHistograms histograms) {
    if (!intervalLines) {
      return;
    }
    if (lines++ % 20 == 0) {
      // Without confirms there is nothing to show under confirm headings, and without rate steps
      // every interval is step 0: those columns go.
      out.println(
          "   time(s)"
              + (rateSteps ? " step" : "")
              + "     sent/s"
              + (confirms ? "     conf/s" : "")
              + "     recv/s |  e2e p50     p99     max |"
              + (confirms ? " confirm p50     p99 |" : "")
              + "  cpu%  rss(MB)");
    }
    LatencySummary e2e = s.latency().get(LatencyKind.END_TO_END.key());
    LatencySummary confirm = s.latency().get(LatencyKind.CONFIRM.key());
    out.printf(
        Locale.ROOT,
        "%10.1f %s%10.0f %s%10.0f | %8s %7s %7s | %s%5.0f %8s%s%n",
        s.endSeconds(),
        rateSteps ? String.format(Locale.ROOT, "%4d ", s.step()) : "",
        s.rates().sentPerSecond(),
        confirms ? String.format(Locale.ROOT, "%10.0f ", s.rates().confirmedPerSecond()) : "",
        s.rates().receivedPerSecond(),
        duration(e2e, LatencySummary::p50Micros),
        duration(e2e, LatencySummary::p99Micros),
        duration(e2e, LatencySummary::maxMicros),
        confirms
            ? String.format(
                Locale.ROOT,
                "%11s %7s | ",
                duration(confirm, LatencySummary::p50Micros),
                duration(confirm, LatencySummary::p99Micros))
            : "",
        s.cpuPercent(),
        s.rssBytes() < 0 ? "-" : String.valueOf(s.rssBytes() >> 20),
        s.warmup() ? "  (warm-up)" : "");
    out.flush();
  }

  /**
   * A latency in at most 7 characters with its unit (µs up to 10 ms, then ms, then s), so that
   * latencies of seconds keep the table's columns.
   */
  static String duration(LatencySummary summary, ToDoubleFunction<LatencySummary> micros) {
    if (summary == null || summary.count() == 0) {
      return "-";
    }
    double us = micros.applyAsDouble(summary);
    if (us < 10_000) {
      return String.format(Locale.ROOT, "%.0fus", us);
    }
    if (us < 10_000_000) {
      return String.format(Locale.ROOT, "%.1fms", us / 1000);
    }
    return String.format(Locale.ROOT, "%.1fs", us / 1_000_000);
  }

  @Override
  public void notice(String message) {
    out.println(message);
  }

  @Override
  public void finished(RunResult r) {
    if (r.failedBeforeSending() && !RunResult.INTERRUPTED.equals(r.ending().status())) {
      // The error is all there is, and the caller prints it.
      return;
    }
    out.println();
    out.printf(Locale.ROOT, "== brokerbench summary (%s) ==%n", r.ending().status());
    if (r.failedBeforeSending()) {
      // Interrupted before it sent: no figures, and a warning says when.
      r.verdict().warnings().forEach(warning -> out.println(warning.message()));
      out.flush();
      return;
    }
    if (r.ending().error() != null) {
      out.println("error: " + r.ending().error());
    }
    printTotals(r.figures().totals(), confirms, r.setup().environment().embedded());
    RunExtras extras = r.extras();
    if (extras.brokerLoad().measured()) {
      extras.brokerLoad().describe().forEach(out::println);
    }
    if (extras.connectionLosses().happened()) {
      out.println("connection losses: " + extras.connectionLosses().describe());
    }
    if (extras.flowControl().happened()) {
      out.println("flow control: " + extras.flowControl().describe());
    }
    if (extras.backlog().present()) {
      out.println("backlog: " + extras.backlog().describe());
    }
    if (extras.requestReply().present()) {
      out.println("request-reply: " + extras.requestReply().describe());
    }
    if (extras.connections().present()) {
      out.println("idle connections: " + extras.connections().describeOpening());
      out.println("client memory: " + extras.connections().describeClient());
      out.println("broker memory: " + extras.connections().describeBroker());
    }
    if (r.figures().steps().size() > 1) {
      out.println(
          "rate steps      target/s     sent/s "
              + (confirms ? "    conf/s " : "")
              + "    recv/s |  e2e p50     p99   p99.9     max");
      for (StepResult step : r.figures().steps()) {
        LatencySummary e2e = step.latency().get(LatencyKind.END_TO_END.key());
        out.printf(
            Locale.ROOT,
            "  step %-4d %13s %10.0f %s%10.0f | %8s %7s %7s %7s%n",
            step.index(),
            step.targetPerSecond() == 0
                ? "unlimited"
                : String.format(Locale.ROOT, "%.0f", step.targetPerSecond()),
            step.totals().rates().sentPerSecond(),
            confirms
                ? String.format(Locale.ROOT, "%10.0f ", step.totals().rates().confirmedPerSecond())
                : "",
            step.totals().rates().receivedPerSecond(),
            duration(e2e, LatencySummary::p50Micros),
            duration(e2e, LatencySummary::p99Micros),
            duration(e2e, LatencySummary::p999Micros),
            duration(e2e, LatencySummary::maxMicros));
      }
    }
    out.printf(
        Locale.ROOT,
        "%-" + LABEL_WIDTH + "s %10s %8s %8s %8s %8s %8s %8s %8s %8s %8s%n",
        "latency",
        "count",
        "min",
        "p50",
        "p75",
        "p90",
        "p95",
        "p99",
        "p99.9",
        "p99.99",
        "max");
    for (LatencyKind kind : LatencyKind.values()) {
      LatencySummary l = r.figures().latency().get(kind.key());
      if (l == null || l.count() + l.negative() == 0) {
        continue;
      }
      out.printf(
          Locale.ROOT,
          "%-" + LABEL_WIDTH + "s %10d %8s %8s %8s %8s %8s %8s %8s %8s %8s%s%n",
          kind.label(),
          l.count(),
          duration(l, LatencySummary::minMicros),
          duration(l, LatencySummary::p50Micros),
          duration(l, LatencySummary::p75Micros),
          duration(l, LatencySummary::p90Micros),
          duration(l, LatencySummary::p95Micros),
          duration(l, LatencySummary::p99Micros),
          duration(l, LatencySummary::p999Micros),
          duration(l, LatencySummary::p9999Micros),
          duration(l, LatencySummary::maxMicros),
          l.negative() + l.clamped() > 0
              ? "  (" + l.negative() + " negative, " + l.clamped() + " clamped)"
              : "");
    }
    IntegrityCounts i = r.figures().integrity();
    out.printf(
        Locale.ROOT,
        "integrity: unique %d, lost %d, duplicates %d, redelivered %d, out of order %d, foreign"
            + " %d%s%n",
        i.unique(),
        i.lost(),
        i.duplicates(),
        i.redelivered(),
        i.outOfOrder(),
        i.foreign(),
        i.stillQueued() > 0 ? ", still queued " + i.stillQueued() : "");
    for (Warning warning : r.verdict().warnings()) {
      out.println(warning.message());
    }
    Validity validity = r.validity();
    if (!validity.valid()) {
      out.println(
          "SUSPECT: this run may have measured the generator or the machine, not the broker ("
              + validity.codes()
              + ")"
              + (r.verdict().thresholds().isEmpty()
                  ? ""
                  : "; a threshold's outcome on it may be the generator's"));
    }
    for (ThresholdOutcome threshold : r.verdict().thresholds()) {
      out.println(threshold.message());
    }
    out.flush();
  }

  /**
   * The totals' lines. Beside an embedded broker the process's CPU is the broker's too, and the
   * line says so rather than pass it off as what the generator cost.
   */
  private void printTotals(Totals t, boolean confirms, boolean embeddedBroker) {
    MessageCounts c = t.counts();
    out.printf(
        Locale.ROOT,
        "sent %d (%.0f msg/s), %s, received %d (%.0f msg/s)%n",
        c.sent(),
        t.rates().sentPerSecond(),
        confirms
            ? String.format(
                Locale.ROOT,
                "confirmed %d (%.0f msg/s)",
                c.confirmed(),
                t.rates().confirmedPerSecond())
            : "confirms off",
        c.received(),
        t.rates().receivedPerSecond());
    out.printf(
        Locale.ROOT,
        "rejected %d, released %d, modified %d, failed %d, retries %d, returned %d,%s skipped"
            + " sends %d, sends that waited for the window %d%n",
        c.notAccepted().rejected(),
        c.notAccepted().released(),
        c.notAccepted().modified(),
        c.notAccepted().failed(),
        c.retried(),
        c.notAccepted().returned(),
        confirms ? " unconfirmed at end " + c.unconfirmed() + "," : "",
        c.skipped(),
        c.windowWaits());
    out.printf(
        Locale.ROOT,
        "client CPU %.2f s (%.2f us/msg%s), peak RSS %s MB%n",
        t.client().cpuSeconds(),
        t.client().cpuMicrosPerMessage(),
        embeddedBroker ? ", the embedded broker's included" : "",
        t.client().peakRssBytes() < 0 ? "-" : String.valueOf(t.client().peakRssBytes() >> 20));
  }

  /** Finds this report by the name {@value #NAME}. */
  public static final class Format implements ReportFormat {
    @Override
    public String name() {
      return NAME;
    }

    @Override
    public String description() {
      return "per-interval lines and the full summary";
    }

    @Override
    public ReportSink create(ReportContext context) {
      return new ConsoleReport(context.out(), !context.intervalsPrintedElsewhere());
    }
  }
}
