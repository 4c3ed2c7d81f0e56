package io.brokerbench.report;

import io.brokerbench.result.RunResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A run's directory: the names of the files a run writes there, the sinks that write them, and
 * reading its result back. The CLI's {@code -o}, a scenario's cells and the JUnit module all write
 * through it, so every run directory holds the same files under the same names.
 *
 * <pre>{@code
 * RunDirectory dir = RunDirectory.of(Path.of("results/run-1"));
 * BenchmarkRun.Builder builder = BenchmarkRun.builder(workload).driver("loopback", Map.of());
 * dir.sinks().forEach(builder::sink);
 * }</pre>
 */
public final class RunDirectory {
  /** The whole result, schema {@value RunResult#SCHEMA}. */
  public static final String RESULT = "result.json";

  /** One CSV row per interval. */
  public static final String INTERVALS = "intervals.csv";

  /** The interval histograms as an HdrHistogram log. */
  public static final String HISTOGRAM_LOG = "latency.hlog";

  /** The thresholds as a JUnit XML report, for a run with thresholds. */
  public static final String THRESHOLDS = "thresholds.xml";

  private final Path path;

  /**
   * The summary of a {@code --repeat} run's runs, each figure's median, interval and range ({@link
   * io.brokerbench.compare.RepeatedRuns}), beside their directories ({@link #repeat}).
   */
  public static final String REPEATS = "repeats.json";

  /** The prefix of a repeated run's directory: {@code rep-1}, {@code rep-2}, … */
  private static final String REPEAT_PREFIX = "rep-";

  private RunDirectory(Path path) {
    this.path = path;
  }

  /** The run directory at {@code path}, which need not exist yet. */
  public static RunDirectory of(Path path) {
    return new RunDirectory(path);
  }

  /** Where the directory is. */
  public Path path() {
    return path;
  }

  /** The path of one of its files, such as {@link #RESULT}. */
  public Path file(String name) {
    return path.resolve(name);
  }

  /** The directory of the {@code index}-th run (from 1) of a {@code --repeat} run in this one. */
  public RunDirectory repeat(int index) {
    return of(path.resolve(REPEAT_PREFIX + index));
  }

  /**
   * The runs of a {@code --repeat} run in this directory, in their order: {@code rep-1}, {@code
   * rep-2}, … as far as each holds a result; empty for any other directory.
   */
  public List<RunDirectory> repeats() {
    List<RunDirectory> runs = new ArrayList<>();
    for (int i = 1; repeat(i).hasResult(); i++) {
      runs.add(repeat(i));
    }
    return runs;
  }

  /** Whether it holds a result. */
  public boolean hasResult() {
    return Files.isRegularFile(file(RESULT));
  }

  /**
   * Creates the directory and opens the sinks that write its files: the result, the intervals, the
   * histogram log, the thresholds' JUnit report and the benchmark-tracking JSON ({@link
   * BenchmarkJson}).
   *
   * @throws IOException when the directory or a file cannot be created; nothing stays open then
   */
  public List<ReportSink> sinks() throws IOException {
    Files.createDirectories(path);
    List<ReportSink> sinks = new ArrayList<>();
    try {
      sinks.add(new JsonResult(file(RESULT)));
      sinks.add(new CsvIntervals(file(INTERVALS)));
      sinks.add(new HistogramLog(file(HISTOGRAM_LOG)));
      sinks.add(new JunitThresholds(file(THRESHOLDS)));
      sinks.add(new BenchmarkJson(path));
      return sinks;
    } catch (IOException | RuntimeException e) {
      for (ReportSink sink : sinks) {
        try {
          sink.close();
        } catch (IOException closing) {
          e.addSuppressed(closing);
        }
      }
      throw e;
    }
  }

  /**
   * Reads its result.
   *
   * @throws IOException with one line naming the file, as {@link JsonResult#read} says
   */
  public RunResult read() throws IOException {
    return JsonResult.read(file(RESULT));
  }
}
