package io.brokerbench.amqp091;

import io.brokerbench.latency.LatencyKind;
import io.brokerbench.report.ReportContext;
import io.brokerbench.report.ReportFormat;
import io.brokerbench.report.ReportSink;
import io.brokerbench.result.LatencySummary;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.Totals;
import io.brokerbench.result.WorkloadSummary;
import java.io.PrintWriter;
import java.util.Locale;

/**
 * Prints, at the end of a run, the summary lines a RabbitMQ PerfTest user knows, so that scripts
 * and eyes that read PerfTest's output keep working:
 *
 * <pre>
 * id: brokerbench, sending rate avg: 31250 msg/s
 * id: brokerbench, receiving rate avg: 31249 msg/s
 * id: brokerbench, consumer latency min/median/75th/95th/99th 812/3412/4410/6711/9120 µs
 * id: brokerbench, confirm latency min/median/75th/95th/99th 604/2931/3906/5872/8008 µs
 * id: brokerbench, brokerbench figures: rates after the warm-up, latencies from the intended send time over every message (HdrHistogram)
 * </pre>
 *
 * <p>The wording, units and number formats are PerfTest 2.22's ({@code BaseMetricsFormatter} and
 * {@code MetricsFormatterUtils}: rates in whole msg/s from 10 msg/s up, latencies in microseconds
 * truncated to integers), except that rates are rounded where PerfTest truncates them, so that they
 * read as in brokerbench's own summary. The numbers are brokerbench's: latencies from the intended
 * send time (corrected for coordinated omission) over all values, where PerfTest measures from the
 * actual send over a 1028-sample reservoir; the last line says so. Usage:
 *
 * <pre>{@code
 * BenchmarkRun.builder(workload).sink(new PerfTestSummary(out)).build().run();
 * }</pre>
 */
public final class PerfTestSummary implements ReportSink {
  /** The test id printed when none is given (PerfTest's {@code --id}). */
  public static final String DEFAULT_ID = "brokerbench";

  private static final String LATENCY_HEADER = "min/median/75th/95th/99th";
  private static final String RATE_LABEL = "msg/s";

  private final PrintWriter out;
  private final String lineBeginning;

  /** A summary printing to {@code out} with the id {@value #DEFAULT_ID}. */
  public PerfTestSummary(PrintWriter out) {
    this(out, DEFAULT_ID);
  }

  /**
   * A summary printing to {@code out}.
   *
   * @param out where to print
   * @param testId the id at the start of each line, as PerfTest's {@code --id}; null for none
   */
  public PerfTestSummary(PrintWriter out, String testId) {
    this.out = out;
    this.lineBeginning = testId == null ? "" : "id: " + testId + ", ";
  }

  @Override
  public void finished(RunResult r) {
    if (r.failedBeforeSending()) {
      return;
    }
    Totals t = r.figures().totals();
    WorkloadSummary w = r.setup().workload();
    line("sending rate avg: " + rate(t.rates().sentPerSecond()) + " " + RATE_LABEL);
    line("receiving rate avg: " + rate(t.rates().receivedPerSecond()) + " " + RATE_LABEL);
    // PerfTest shows a latency line whenever the feature is on, with zeros when nothing was seen.
    if (w.consumers() > 0) {
      line("consumer latency " + LATENCY_HEADER + " " + latency(r, LatencyKind.END_TO_END));
    }
    if (w.producers() > 0 && w.inFlightWindow() > 0) {
      line("confirm latency " + LATENCY_HEADER + " " + latency(r, LatencyKind.CONFIRM));
    }
    line(
        "brokerbench figures: rates after the warm-up, latencies from the intended send time"
            + " over every message (HdrHistogram)");
    out.flush();
  }

  private void line(String text) {
    out.print(lineBeginning);
    out.println(text);
  }

  /**
   * PerfTest's {@code MetricsFormatterUtils.formatRate}, rounding from 10 msg/s up as the console
   * summary does (PerfTest truncates): the same rate reads the same in both.
   */
  static String rate(double perSecond) {
    if (perSecond == 0.0) {
      return "0";
    } else if (perSecond < 1) {
      return String.format(Locale.ROOT, "%1.2f", perSecond);
    } else if (perSecond < 10) {
      return String.format(Locale.ROOT, "%1.1f", perSecond);
    }
    return String.format(Locale.ROOT, "%.0f", perSecond);
  }

  private static String latency(RunResult r, LatencyKind kind) {
    LatencySummary l = r.figures().latency().get(kind.key());
    if (l == null) {
      return "0/0/0/0/0 µs";
    }
    return String.format(
        Locale.ROOT,
        "%d/%d/%d/%d/%d µs",
        (long) l.minMicros(),
        (long) l.p50Micros(),
        (long) l.p75Micros(),
        (long) l.p95Micros(),
        (long) l.p99Micros());
  }

  /** Finds this report by the name {@code perftest}. */
  public static final class Format implements ReportFormat {
    @Override
    public String name() {
      return "perftest";
    }

    @Override
    public String description() {
      return "PerfTest's closing summary lines (sending and receiving rate, consumer and confirm latency)";
    }

    @Override
    public ReportSink create(ReportContext context) {
      return new PerfTestSummary(context.out(), context.testId());
    }
  }
}
