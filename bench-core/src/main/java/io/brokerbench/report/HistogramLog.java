package io.brokerbench.report;

import io.brokerbench.latency.LatencyHistograms;
import io.brokerbench.latency.LatencyKind;
import io.brokerbench.result.Environment;
import io.brokerbench.result.IntervalSample;
import io.brokerbench.result.WorkloadSummary;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Writes every interval's latency histograms to an HdrHistogram interval log, each tagged with its
 * {@link LatencyKind#key()}. Values are nanoseconds. Read it with HdrHistogram's {@code
 * HistogramLogProcessor} (for example {@code -tag e2e -outputValueUnitRatio 1000} for microseconds)
 * or {@code HistogramLogReader}.
 */
public final class HistogramLog implements ReportSink {
  private final PrintStream stream;
  private final HistogramLogWriter writer;
  private boolean started;

  /**
   * Opens the log file.
   *
   * @throws IOException when it cannot be written
   */
  public HistogramLog(Path file) throws IOException {
    try {
      this.stream = new PrintStream(file.toFile(), StandardCharsets.UTF_8);
    } catch (FileNotFoundException e) {
      throw new IOException("cannot write " + file + ": " + e.getMessage(), e);
    }
    this.writer = new HistogramLogWriter(stream);
    // Written at once, so that the log of a run that fails before its first interval is a valid,
    // empty log rather than an empty file.
    writer.outputLogFormatVersion();
    writer.outputComment("brokerbench: values in nanoseconds; tags: latency kinds");
    stream.flush();
  }

  @Override
  public void started(Environment environment, WorkloadSummary workload) {
    writer.outputComment("brokerbench " + environment.driver() + " " + environment.target());
    stream.flush();
  }

  @Override
  public void interval(IntervalSample sample, LatencyHistograms histograms) {
    if (!started) {
      // The log's start time must not be later than the first interval's start, or readers such
      // as HistogramLogProcessor skip that interval.
      long startMillis = sample.startEpochMillis();
      writer.outputStartTime(startMillis);
      writer.setBaseTime(startMillis);
      writer.outputLegend();
      started = true;
    }
    for (LatencyKind kind : LatencyKind.values()) {
      Histogram h = histograms.histogram(kind);
      if (h.getTotalCount() > 0) {
        h.setTag(kind.key());
        writer.outputIntervalHistogram(h);
      }
    }
    stream.flush();
  }

  @Override
  public void close() {
    stream.close();
  }
}
