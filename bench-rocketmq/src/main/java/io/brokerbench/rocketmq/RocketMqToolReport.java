package io.brokerbench.rocketmq;

import io.brokerbench.latency.LatencyHistograms;
import io.brokerbench.latency.LatencyKind;
import io.brokerbench.report.ReportContext;
import io.brokerbench.report.ReportFormat;
import io.brokerbench.report.ReportSink;
import io.brokerbench.result.IntervalSample;
import io.brokerbench.result.LatencySummary;
import java.io.PrintWriter;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * The periodic lines of RocketMQ's benchmark {@code Producer} and {@code Consumer}, so that users
 * can compare with their old logs: send TPS, max and average RT, send and response failures, and
 * consume TPS with average and max born-to-consume (B2C, from the producer's stamp) and
 * store-to-consume (S2C) latency. Brokerbench's own report prints the full percentiles.
 */
public final class RocketMqToolReport implements ReportSink {
  private static final DateTimeFormatter TIME =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss,SSS", Locale.ROOT);

  private final PrintWriter out;

  /** A report printing to {@code out}. */
  public RocketMqToolReport(PrintWriter out) {
    this.out = out;
  }

  @Override
  public void interval(IntervalSample s, LatencyHistograms histograms) {
    String now = LocalDateTime.now().format(TIME);
    LatencySummary rt = s.latency().get(LatencyKind.CONFIRM_FROM_SEND.key());
    if (s.counts().sent() > 0 || s.counts().notAccepted().total() > 0) {
      out.printf(
          Locale.ROOT,
          "Current Time: %s | Send TPS: %d | Max RT(ms): %s | Average RT(ms): %7s | Send Failed:"
              + " %d | Response Failed: %d%n",
          now,
          Math.round(s.rates().sentPerSecond()),
          maxMillis(rt),
          meanMillis(rt),
          s.counts().notAccepted().failed(),
          s.counts().notAccepted().rejected());
    }
    LatencySummary b2c = s.latency().get(LatencyKind.END_TO_END_FROM_SEND.key());
    LatencySummary s2c = s.latency().get(LatencyKind.STORE_TO_CONSUME.key());
    if (s.counts().received() > 0) {
      out.printf(
          Locale.ROOT,
          "Current Time: %s | Consume TPS: %d | AVG(B2C) RT(ms): %7s | AVG(S2C) RT(ms): %7s |"
              + " MAX(B2C) RT(ms): %s | MAX(S2C) RT(ms): %s%n",
          now,
          Math.round(s.rates().receivedPerSecond()),
          meanMillis(b2c),
          meanMillis(s2c),
          maxMillis(b2c),
          maxMillis(s2c));
    }
    out.flush();
  }

  // The tool prints 0 for what it did not measure; "-" says so (confirms off, no store times).
  private static String meanMillis(LatencySummary l) {
    return l == null || l.count() == 0
        ? "-"
        : String.format(Locale.ROOT, "%.3f", l.meanMicros() / 1000);
  }

  private static String maxMillis(LatencySummary l) {
    return l == null || l.count() == 0 ? "-" : String.valueOf((long) (l.maxMicros() / 1000));
  }

  /** Finds this report by the name {@code rocketmq}. */
  public static final class Format implements ReportFormat {
    @Override
    public String name() {
      return "rocketmq";
    }

    @Override
    public String description() {
      return "the RocketMQ benchmark's periodic Send TPS and Consume TPS lines";
    }

    @Override
    public ReportSink create(ReportContext context) {
      return new RocketMqToolReport(context.out());
    }
  }
}
