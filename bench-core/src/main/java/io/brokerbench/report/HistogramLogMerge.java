package io.brokerbench.report;

import io.brokerbench.latency.LatencyRecorder;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Adds the HdrHistogram interval logs of several processes into one: the entries with the same
 * start time and tag (latency kind) are added, which is exact because every brokerbench process
 * cuts its intervals at the same multiples of the interval since the epoch.
 */
public final class HistogramLogMerge {
  private HistogramLogMerge() {}

  /**
   * Writes the sum of these logs.
   *
   * @throws IOException when a log cannot be read or the result written
   */
  public static void merge(List<Path> logs, Path merged) throws IOException {
    // Start time (ms), then tag: each interval's histograms in order.
    Map<Long, Map<String, Histogram>> intervals = new TreeMap<>();
    for (Path log : logs) {
      HistogramLogReader reader = new HistogramLogReader(log.toFile());
      try {
        EncodableHistogram read;
        while ((read = reader.nextIntervalHistogram()) != null) {
          Histogram h = (Histogram) read;
          Histogram sum =
              intervals
                  .computeIfAbsent(h.getStartTimeStamp(), t -> new TreeMap<>())
                  .computeIfAbsent(h.getTag(), t -> newInterval(h));
          sum.add(h);
          sum.setEndTimeStamp(Math.max(sum.getEndTimeStamp(), h.getEndTimeStamp()));
        }
      } finally {
        reader.close();
      }
    }
    try (PrintStream out = new PrintStream(merged.toFile(), StandardCharsets.UTF_8)) {
      HistogramLogWriter writer = new HistogramLogWriter(out);
      writer.outputLogFormatVersion();
      writer.outputComment(
          "brokerbench: "
              + logs.size()
              + " logs merged; values in nanoseconds; tags: latency kinds");
      if (!intervals.isEmpty()) {
        long start = intervals.keySet().iterator().next();
        writer.outputStartTime(start);
        writer.setBaseTime(start);
        writer.outputLegend();
      }
      for (Map<String, Histogram> interval : intervals.values()) {
        for (Histogram h : interval.values()) {
          writer.outputIntervalHistogram(h);
        }
      }
    } catch (FileNotFoundException e) {
      throw new IOException("cannot write " + merged + ": " + e.getMessage(), e);
    }
  }

  private static Histogram newInterval(Histogram first) {
    Histogram h = LatencyRecorder.newHistogram();
    h.setTag(first.getTag());
    h.setStartTimeStamp(first.getStartTimeStamp());
    h.setEndTimeStamp(first.getEndTimeStamp());
    return h;
  }
}
