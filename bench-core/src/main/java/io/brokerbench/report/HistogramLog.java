package io.brokerbench.report;

import io.brokerbench.latency.LatencyKind;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
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
  }

  @Override
  public void started(Environment environment, WorkloadSummary workload) {
    writer.outputComment("brokerbench " + environment.driver() + " " + environment.target());
    writer.outputComment("values in nanoseconds; tags: latency kinds");
  }

  @Override
  public void interval(IntervalSample sample, Map<LatencyKind, Histogram> histograms) {
    if (!started) {
      // The log's start time must not be later than the first interval's start, or readers such
      // as HistogramLogProcessor skip that interval.
      long startMillis = Long.MAX_VALUE;
      for (Histogram h : histograms.values()) {
        startMillis = Math.min(startMillis, h.getStartTimeStamp());
      }
      writer.outputStartTime(startMillis);
      writer.setBaseTime(startMillis);
      writer.outputLegend();
      started = true;
    }
    for (Map.Entry<LatencyKind, Histogram> e : histograms.entrySet()) {
      Histogram h = e.getValue();
      if (h.getTotalCount() > 0) {
        h.setTag(e.getKey().key());
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
