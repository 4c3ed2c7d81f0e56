package io.brokerbench.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.brokerbench.result.LatencySummary;
import io.brokerbench.result.Rates;
import io.brokerbench.result.RunResult;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Writes a run's headline figures in the JSON that benchmark-tracking CI actions read
 * (github-action-benchmark's {@code customSmallerIsBetter} and {@code customBiggerIsBetter}: an
 * array of {@code name}, {@code unit}, {@code value}, {@code extra}): latencies and client CPU per
 * message into one file, rates into the other, as each tool expects every entry of its file to
 * improve in one direction. A run that did not complete writes neither, so a broken run is never
 * charted as a data point.
 */
public final class BenchmarkJson implements ReportSink {
  /** The file of figures where smaller is better. */
  public static final String SMALLER = "benchmark-smaller.json";

  /** The file of figures where bigger is better. */
  public static final String BIGGER = "benchmark-bigger.json";

  private static final ObjectMapper MAPPER =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  /**
   * One charted figure.
   *
   * @param name the figure, such as {@code e2e p99}
   * @param unit its unit
   * @param value its value
   * @param extra what the run was, shown beside the point
   */
  public record Entry(String name, String unit, double value, String extra) {}

  private final Path directory;

  /** A sink writing both files into {@code directory}. */
  public BenchmarkJson(Path directory) {
    this.directory = directory;
  }

  @Override
  public void finished(RunResult result) throws IOException {
    if (RunResult.COMPLETED.equals(result.ending().status())) {
      MAPPER.writeValue(directory.resolve(SMALLER).toFile(), smallerIsBetter(result));
      MAPPER.writeValue(directory.resolve(BIGGER).toFile(), biggerIsBetter(result));
    }
  }

  /** Latency percentiles of every kind measured, and the client's CPU per message. */
  public static List<Entry> smallerIsBetter(RunResult result) {
    String extra = extra(result);
    List<Entry> entries = new ArrayList<>();
    for (Map.Entry<String, LatencySummary> kind : result.figures().latency().entrySet()) {
      LatencySummary l = kind.getValue();
      if (l.count() > 0) {
        entries.add(new Entry(kind.getKey() + " p50", "us", l.p50Micros(), extra));
        entries.add(new Entry(kind.getKey() + " p99", "us", l.p99Micros(), extra));
        entries.add(new Entry(kind.getKey() + " max", "us", l.maxMicros(), extra));
      }
    }
    entries.add(
        new Entry(
            "client CPU per message",
            "us/msg",
            result.figures().totals().client().cpuMicrosPerMessage(),
            extra));
    return entries;
  }

  /** The rates sent, confirmed and received. */
  public static List<Entry> biggerIsBetter(RunResult result) {
    String extra = extra(result);
    Rates rates = result.figures().totals().rates();
    return List.of(
        new Entry("sent rate", "msg/s", rates.sentPerSecond(), extra),
        new Entry("confirmed rate", "msg/s", rates.confirmedPerSecond(), extra),
        new Entry("received rate", "msg/s", rates.receivedPerSecond(), extra));
  }

  private static String extra(RunResult result) {
    return result.setup().commandLine() == null ? "" : result.setup().commandLine();
  }
}
