package io.brokerbench.jmh;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * The build's allocation gate: runs every benchmark briefly with the GC profiler, compares the
 * allocation per operation with the committed baseline ({@link JmhCompare}), runs again with a
 * longer warm-up the benchmarks that newly allocate (C2 may only have been late to compile them,
 * and its escape analysis removes their allocations), and fails when one still allocates. Timings
 * are printed, never checked: the machines are noisy.
 *
 * <pre>
 * java -cp bench-jmh/target/benchmarks.jar io.brokerbench.jmh.JmhGate BASELINE.json OUT_DIR
 * </pre>
 *
 * <p>The build runs it in bench-jmh's integration-test phase (skipped with {@code -DskipITs}), so
 * that it runs beside the other modules' tests rather than after them. Its results are in {@code
 * OUT_DIR}: {@code jmh-ci.json}, {@code jmh-ci.txt} and, for a second run, {@code jmh-ci-again.*}.
 */
public final class JmhGate {
  /** Slower than the baseline by more than this is listed (not failed). */
  private static final double SLOWER_PERCENT = 25;

  private JmhGate() {}

  /** Runs the gate; exits 1 when a benchmark that allocated nothing now allocates. */
  public static void main(String[] args) throws IOException, RunnerException {
    if (args.length != 2) {
      System.err.println("usage: JmhGate BASELINE.json OUT_DIR");
      System.exit(2);
    }
    Map<String, JmhCompare.Figures> baseline = JmhCompare.read(Path.of(args[0]));
    Path out = Files.createDirectories(Path.of(args[1]));
    Map<String, JmhCompare.Figures> results = run(quick(), out, "jmh-ci");
    // A benchmark that threw has no result: the gate would otherwise pass without measuring it.
    List<String> missing = missing(baseline, results);
    for (String key : missing) {
      System.out.println(
          "FAIL: " + key + " has no result (it failed: see " + out.resolve("jmh-ci.txt") + ")");
    }
    if (!missing.isEmpty()) {
      System.exit(1);
    }
    List<String> allocating =
        JmhCompare.newAllocations(baseline, results, SLOWER_PERCENT, System.out);
    if (!allocating.isEmpty()) {
      String names =
          allocating.stream()
              .map(key -> key.split(" ")[0])
              .distinct()
              .map(Pattern::quote)
              .collect(Collectors.joining("|"));
      System.out.println("confirming new allocation with a longer warm-up: " + names);
      Map<String, JmhCompare.Figures> again =
          run(confirming("^(" + names + ")$"), out, "jmh-ci-again");
      allocating = JmhCompare.newAllocations(baseline, again, SLOWER_PERCENT, System.out);
    }
    System.exit(allocating.isEmpty() ? 0 : 1);
  }

  /** The baseline's benchmarks (name and parameters) that {@code results} has no figures for. */
  static List<String> missing(
      Map<String, JmhCompare.Figures> baseline, Map<String, JmhCompare.Figures> results) {
    return baseline.keySet().stream().filter(key -> !results.containsKey(key)).toList();
  }

  /** Every benchmark: one fork, 0.3 s of warm-up and 0.3 s measured. */
  static ChainedOptionsBuilder quick() {
    return new OptionsBuilder()
        .forks(1)
        .warmupIterations(1)
        .warmupTime(TimeValue.milliseconds(300))
        .measurementIterations(1)
        .measurementTime(TimeValue.milliseconds(300));
  }

  /** The benchmarks {@code regex} names: 3 s of warm-up, 1 s measured. */
  static ChainedOptionsBuilder confirming(String regex) {
    return new OptionsBuilder()
        .include(regex)
        .forks(1)
        .warmupIterations(3)
        .warmupTime(TimeValue.seconds(1))
        .measurementIterations(1)
        .measurementTime(TimeValue.seconds(1));
  }

  /** Runs the benchmarks with the GC profiler; their figures, also kept in {@code out}. */
  private static Map<String, JmhCompare.Figures> run(
      ChainedOptionsBuilder options, Path out, String name) throws IOException, RunnerException {
    Path json = out.resolve(name + ".json");
    new Runner(
            options
                .addProfiler(GCProfiler.class)
                .resultFormat(ResultFormatType.JSON)
                .result(json.toString())
                .output(out.resolve(name + ".txt").toString())
                .build())
        .run();
    return JmhCompare.read(json);
  }
}
