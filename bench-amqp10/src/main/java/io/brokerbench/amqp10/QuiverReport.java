package io.brokerbench.amqp10;

import io.brokerbench.latency.LatencyHistograms;
import io.brokerbench.latency.LatencyKind;
import io.brokerbench.report.ReportContext;
import io.brokerbench.report.ReportFormat;
import io.brokerbench.report.ReportSink;
import io.brokerbench.result.Environment;
import io.brokerbench.result.IntervalSample;
import io.brokerbench.result.LatencySummary;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.Totals;
import io.brokerbench.result.WorkloadSummary;
import java.io.PrintWriter;
import java.util.Locale;

/**
 * The report a quiver user knows: a table with one row per interval for sender and receiver (time,
 * cumulative count, rate, CPU, RSS, latency) and a RESULTS block with the rates and the end-to-end
 * latency at quiver's percentiles — in microseconds where quiver prints milliseconds, and measured
 * from the intended send time.
 */
public final class QuiverReport implements ReportSink {
  private static final String RULE = "-".repeat(49);

  private final PrintWriter out;
  private long sent;
  private long received;

  /** A report printing to {@code out}. */
  public QuiverReport(PrintWriter out) {
    this.out = out;
  }

  @Override
  public void started(Environment environment, WorkloadSummary workload) {
    out.printf(
        Locale.ROOT, "%-49s  %-49s  %s%n", center("Sender"), center("Receiver"), "----------");
    out.printf(
        Locale.ROOT,
        "%8s %12s %10s %7s %8s  %8s %12s %10s %7s %8s  %10s%n",
        "Time [s]",
        "Count [m]",
        "Rate [m/s]",
        "CPU [%]",
        "RSS [M]",
        "Time [s]",
        "Count [m]",
        "Rate [m/s]",
        "CPU [%]",
        "RSS [M]",
        "Lat [us]");
    out.printf(Locale.ROOT, "%s  %s  %s%n", RULE, RULE, "----------");
    out.flush();
  }

  private static String center(String title) {
    int dashes = 49 - title.length() - 2;
    return "-".repeat(dashes / 2) + " " + title + " " + "-".repeat(dashes - dashes / 2);
  }

  @Override
  public void interval(IntervalSample s, LatencyHistograms histograms) {
    sent += s.counts().sent();
    received += s.counts().received();
    LatencySummary e2e = s.latency().get(LatencyKind.END_TO_END.key());
    double rssMegabytes = s.rssBytes() < 0 ? 0 : s.rssBytes() / 1048576.0;
    out.printf(
        Locale.ROOT,
        "%8.1f %,12d %,10.0f %7.0f %8.1f  %8.1f %,12d %,10.0f %7.0f %8.1f  %10s%n",
        s.endSeconds(),
        sent,
        s.rates().sentPerSecond(),
        s.cpuPercent(),
        rssMegabytes,
        s.endSeconds(),
        received,
        s.rates().receivedPerSecond(),
        s.cpuPercent(),
        rssMegabytes,
        e2e == null ? "-" : String.format(Locale.ROOT, "%,.0f", e2e.p50Micros()));
    out.flush();
  }

  @Override
  public void finished(RunResult r) {
    if (r.failedBeforeSending()) {
      return;
    }
    Totals t = r.figures().totals();
    out.println();
    out.println("RESULTS");
    out.println();
    line("Count", String.format(Locale.ROOT, "%,d messages", t.counts().received()));
    line("Duration", String.format(Locale.ROOT, "%.1f seconds", t.receiveSeconds()));
    line("Sender rate", String.format(Locale.ROOT, "%,.0f messages/s", t.rates().sentPerSecond()));
    line(
        "Receiver rate",
        String.format(Locale.ROOT, "%,.0f messages/s", t.rates().receivedPerSecond()));
    // quiver's end-to-end rate: messages received over the time from the first send to the last
    // receive, which is how the receive rate is measured here too.
    line(
        "End-to-end rate",
        String.format(Locale.ROOT, "%,.0f messages/s", t.rates().receivedPerSecond()));
    out.println();
    out.println("Latencies by percentile (from the intended send time):");
    out.println();
    LatencySummary l = r.figures().latency().get(LatencyKind.END_TO_END.key());
    if (l == null) {
      out.println("          (no messages received)");
    } else {
      pair("0%", l.minMicros(), "90.00%", l.p90Micros());
      pair("25%", l.p25Micros(), "99.00%", l.p99Micros());
      pair("50%", l.p50Micros(), "99.90%", l.p999Micros());
      pair("100%", l.maxMicros(), "99.99%", l.p9999Micros());
    }
    out.flush();
  }

  private void line(String label, String value) {
    String dots = ".".repeat(Math.max(3, 50 - label.length() - value.length()));
    out.println(label + " " + dots + " " + value);
  }

  private void pair(String left, double leftMicros, String right, double rightMicros) {
    out.printf(
        Locale.ROOT,
        "%12s ........ %,10.0f us   %8s ........ %,10.0f us%n",
        left,
        leftMicros,
        right,
        rightMicros);
  }

  /** Finds this report by the name {@code quiver}. */
  public static final class Format implements ReportFormat {
    @Override
    public String name() {
      return "quiver";
    }

    @Override
    public String description() {
      return "quiver's per-interval sender/receiver table and RESULTS block";
    }

    @Override
    public boolean printsIntervals() {
      return true;
    }

    @Override
    public ReportSink create(ReportContext context) {
      return new QuiverReport(context.out());
    }
  }
}
