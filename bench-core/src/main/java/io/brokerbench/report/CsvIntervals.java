package io.brokerbench.report;

import io.brokerbench.latency.LatencyHistograms;
import io.brokerbench.latency.LatencyKind;
import io.brokerbench.result.IntervalSample;
import io.brokerbench.result.LatencySummary;
import io.brokerbench.result.MessageCounts;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Writes the per-interval series as CSV, one row per interval, flushed as each interval ends so an
 * interrupted run keeps its rows. Rows are cut at the same instants as the HdrHistogram log's
 * entries ({@code start_epoch_ms} is the entry's start time stamp). Latency columns are
 * microseconds: {@code <kind>_p50_us}, {@code <kind>_p99_us}, {@code <kind>_max_us} for every
 * {@link LatencyKind} (empty when no value).
 */
public final class CsvIntervals implements ReportSink {
  private final BufferedWriter out;

  /**
   * Opens the file and writes the header.
   *
   * @throws IOException when the file cannot be written
   */
  public CsvIntervals(Path file) throws IOException {
    this.out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
    out.write(String.join(",", header()));
    out.newLine();
    out.flush();
  }

  /** The column names. */
  public static List<String> header() {
    List<String> columns =
        new ArrayList<>(
            List.of(
                "interval",
                "step",
                "start_epoch_ms",
                "start_s",
                "end_s",
                "warmup",
                "sent",
                "confirmed",
                "received",
                "rejected",
                "released",
                "modified",
                "failed",
                "returned",
                "retried",
                "skipped",
                "unconfirmed",
                "sent_per_s",
                "confirmed_per_s",
                "received_per_s"));
    for (LatencyKind kind : LatencyKind.values()) {
      columns.add(kind.key() + "_p50_us");
      columns.add(kind.key() + "_p99_us");
      columns.add(kind.key() + "_max_us");
    }
    columns.add("cpu_percent");
    columns.add("rss_bytes");
    return columns;
  }

  @Override
  public void interval(IntervalSample s, LatencyHistograms histograms) throws IOException {
    MessageCounts c = s.counts();
    StringBuilder row = new StringBuilder();
    row.append(s.index()).append(',').append(s.step()).append(',').append(s.startEpochMillis());
    row.append(',').append(number(s.startSeconds())).append(',').append(number(s.endSeconds()));
    row.append(',').append(s.warmup());
    for (long count :
        new long[] {
          c.sent(),
          c.confirmed(),
          c.received(),
          c.notAccepted().rejected(),
          c.notAccepted().released(),
          c.notAccepted().modified(),
          c.notAccepted().failed(),
          c.notAccepted().returned(),
          c.retried(),
          c.skipped(),
          c.unconfirmed()
        }) {
      row.append(',').append(count);
    }
    row.append(',').append(number(s.rates().sentPerSecond()));
    row.append(',').append(number(s.rates().confirmedPerSecond()));
    row.append(',').append(number(s.rates().receivedPerSecond()));
    for (LatencyKind kind : LatencyKind.values()) {
      LatencySummary l = s.latency().get(kind.key());
      if (l == null || l.count() == 0) {
        row.append(",,,");
      } else {
        row.append(',').append(number(l.p50Micros()));
        row.append(',').append(number(l.p99Micros()));
        row.append(',').append(number(l.maxMicros()));
      }
    }
    row.append(',').append(number(s.cpuPercent())).append(',').append(s.rssBytes());
    out.write(row.toString());
    out.newLine();
    out.flush();
  }

  private static String number(double value) {
    return String.format(Locale.ROOT, "%.3f", value);
  }

  @Override
  public void close() throws IOException {
    out.close();
  }
}
