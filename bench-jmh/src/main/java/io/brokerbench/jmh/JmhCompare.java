package io.brokerbench.jmh;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Compares two JMH JSON results ({@code -rf json}) and lists the benchmarks that got slower or
 * allocate more. Timings are reported only (the machines are noisy); the exit code is 1 only when a
 * benchmark that allocated nothing before ({@code gc.alloc.rate.norm} below 1 B/op) now allocates.
 *
 * <pre>
 * java -cp bench-jmh/target/benchmarks.jar io.brokerbench.jmh.JmhCompare base.json new.json [slower%]
 * </pre>
 */
public final class JmhCompare {
  private static final String ALLOCATION = "gc.alloc.rate.norm";
  private static final double ZERO_ALLOCATION_BYTES = 1.0;

  /** One benchmark's figures. */
  record Figures(double score, String unit, double bytesPerOp) {}

  private JmhCompare() {}

  /** Runs the comparison; exits 1 on new allocation, 2 on bad arguments. */
  public static void main(String[] args) throws IOException {
    if (args.length < 2 || args.length > 3) {
      System.err.println("usage: JmhCompare BASE.json NEW.json [SLOWER_PERCENT, default 10]");
      System.exit(2);
    }
    double slowerPercent = args.length == 3 ? Double.parseDouble(args[2]) : 10;
    int code = compare(read(Path.of(args[0])), read(Path.of(args[1])), slowerPercent, System.out);
    System.exit(code);
  }

  /** Reads a JMH JSON result into figures by benchmark name and parameters. */
  static Map<String, Figures> read(Path file) throws IOException {
    JsonNode root = new ObjectMapper().readTree(file.toFile());
    Map<String, Figures> figures = new LinkedHashMap<>();
    for (JsonNode run : root) {
      StringBuilder key = new StringBuilder(run.path("benchmark").asText());
      JsonNode params = run.path("params");
      for (Map.Entry<String, JsonNode> p : params.properties()) {
        key.append(' ').append(p.getKey()).append('=').append(p.getValue().asText());
      }
      JsonNode primary = run.path("primaryMetric");
      double bytes = Double.NaN;
      for (Map.Entry<String, JsonNode> m : run.path("secondaryMetrics").properties()) {
        if (m.getKey().endsWith(ALLOCATION)) {
          bytes = m.getValue().path("score").asDouble();
        }
      }
      figures.put(
          key.toString(),
          new Figures(primary.path("score").asDouble(), primary.path("scoreUnit").asText(), bytes));
    }
    return figures;
  }

  /**
   * Prints the differences.
   *
   * @return 1 when a zero-allocation benchmark now allocates, else 0
   */
  static int compare(
      Map<String, Figures> base, Map<String, Figures> next, double slowerPercent, PrintStream out) {
    return newAllocations(base, next, slowerPercent, out).isEmpty() ? 0 : 1;
  }

  /**
   * Prints the differences.
   *
   * @return the benchmarks (name and parameters) that allocated nothing before and allocate now
   */
  static List<String> newAllocations(
      Map<String, Figures> base, Map<String, Figures> next, double slowerPercent, PrintStream out) {
    List<String> newAllocations = new ArrayList<>();
    int slower = 0;
    for (Map.Entry<String, Figures> e : next.entrySet()) {
      Figures before = base.get(e.getKey());
      Figures after = e.getValue();
      if (before == null) {
        out.println("new       " + e.getKey());
        continue;
      }
      double change = (after.score() - before.score()) / before.score() * 100;
      if (change > slowerPercent) {
        slower++;
        out.printf(
            Locale.ROOT,
            "slower    %s: %.2f -> %.2f %s (+%.0f%%)%n",
            e.getKey(),
            before.score(),
            after.score(),
            after.unit(),
            change);
      }
      if (after.bytesPerOp() > before.bytesPerOp() + ZERO_ALLOCATION_BYTES) {
        out.printf(
            Locale.ROOT,
            "allocates %s: %.1f -> %.1f B/op%n",
            e.getKey(),
            before.bytesPerOp(),
            after.bytesPerOp());
        if (before.bytesPerOp() < ZERO_ALLOCATION_BYTES) {
          newAllocations.add(e.getKey());
        }
      }
    }
    out.printf(
        Locale.ROOT,
        "%d benchmark(s) compared, %d slower by more than %.0f%% (timings are noisy: report only),"
            + " %d newly allocating%n",
        next.size(),
        slower,
        slowerPercent,
        newAllocations.size());
    for (String key : newAllocations) {
      out.println("FAIL: " + key + " allocated 0 B/op before and allocates now");
    }
    return newAllocations;
  }
}
