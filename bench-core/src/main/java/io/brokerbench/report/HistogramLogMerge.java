package io.brokerbench.report;

import io.brokerbench.latency.LatencyRecorder;
import io.brokerbench.result.LatencySummary;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
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
 *
 * <p>The logs are read side by side, one interval at a time (each log is in time order), so memory
 * grows with the number of logs, not with the length of the run.
 */
public final class HistogramLogMerge {
  private HistogramLogMerge() {}

  /**
   * Writes the sum of these logs.
   *
   * @return each merged interval's latency summaries (without histograms) by start time in epoch
   *     milliseconds, then by tag
   * @throws IOException when a log cannot be read or the result written
   */
  public static Map<Long, Map<String, LatencySummary>> merge(List<Path> logs, Path merged)
      throws IOException {
    Map<Long, Map<String, LatencySummary>> summaries = new TreeMap<>();
    List<LogCursor> cursors = new ArrayList<>();
    try (PrintStream out = new PrintStream(merged.toFile(), StandardCharsets.UTF_8)) {
      for (Path log : logs) {
        cursors.add(new LogCursor(log));
      }
      HistogramLogWriter writer = new HistogramLogWriter(out);
      writer.outputLogFormatVersion();
      writer.outputComment(
          "brokerbench: "
              + logs.size()
              + " logs merged; values in nanoseconds; tags: latency kinds");
      boolean first = true;
      long start;
      while ((start = earliest(cursors)) != Long.MAX_VALUE) {
        Map<String, Histogram> interval = new TreeMap<>();
        for (LogCursor cursor : cursors) {
          while (cursor.next != null && cursor.next.getStartTimeStamp() == start) {
            Histogram h = cursor.next;
            Histogram sum = interval.computeIfAbsent(h.getTag(), t -> newInterval(h));
            sum.add(h);
            sum.setEndTimeStamp(Math.max(sum.getEndTimeStamp(), h.getEndTimeStamp()));
            cursor.advance();
          }
        }
        if (first) {
          writer.outputStartTime(start);
          writer.setBaseTime(start);
          writer.outputLegend();
          first = false;
        }
        Map<String, LatencySummary> byTag = new TreeMap<>();
        for (Histogram h : interval.values()) {
          writer.outputIntervalHistogram(h);
          byTag.put(h.getTag(), LatencySummary.of(h, 0));
        }
        summaries.put(start, byTag);
      }
    } catch (FileNotFoundException e) {
      throw new IOException("cannot write " + merged + ": " + e.getMessage(), e);
    } finally {
      for (LogCursor cursor : cursors) {
        cursor.reader.close();
      }
    }
    return summaries;
  }

  private static long earliest(List<LogCursor> cursors) {
    long earliest = Long.MAX_VALUE;
    for (LogCursor cursor : cursors) {
      if (cursor.next != null) {
        earliest = Math.min(earliest, cursor.next.getStartTimeStamp());
      }
    }
    return earliest;
  }

  private static Histogram newInterval(Histogram first) {
    Histogram h = LatencyRecorder.newHistogram();
    h.setTag(first.getTag());
    h.setStartTimeStamp(first.getStartTimeStamp());
    h.setEndTimeStamp(first.getEndTimeStamp());
    return h;
  }

  /** One log being read, with its next interval histogram (null at its end). */
  private static final class LogCursor {
    final HistogramLogReader reader;
    Histogram next;

    LogCursor(Path log) throws IOException {
      try {
        reader = new HistogramLogReader(log.toFile());
      } catch (FileNotFoundException e) {
        throw new IOException("cannot read " + log + ": " + e.getMessage(), e);
      }
      advance();
    }

    void advance() {
      EncodableHistogram read = reader.nextIntervalHistogram();
      next = (Histogram) read;
    }
  }
}
