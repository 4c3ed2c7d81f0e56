package io.brokerbench.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.brokerbench.compare.MetricChange;
import io.brokerbench.compare.RunComparison;
import io.brokerbench.compare.RunOutcome;
import io.brokerbench.htmlreport.HtmlReport;
import io.brokerbench.report.RunDirectory;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.ScenarioIndex;
import io.brokerbench.result.ThresholdOutcome;
import io.brokerbench.threshold.Metric;
import io.brokerbench.threshold.Threshold;
import io.brokerbench.workload.WorkloadException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code bench compare BASELINE CANDIDATE}: two runs, or two scenario runs cell by cell. */
@Command(
    name = "compare",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    header = "Compares a candidate run with a baseline, figure by figure.",
    description = {
      "%nHow each run ended, rates, latency percentiles, CPU per message and integrity, each with"
          + " its change. BASELINE and CANDIDATE are result directories (or result.json files) or"
          + " scenario output directories (compared cell by cell). A candidate that did not"
          + " complete is worse and exits "
          + ExitCodes.RUN_FAILED
          + "; one that lost messages is worse and exits "
          + ExitCodes.LOSS
          + "; the figures of a run that did either are not comparable.%n"
    })
final class CompareCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "BASELINE", description = "The run compared against.")
  Path baseline;

  @Parameters(index = "1", paramLabel = "CANDIDATE", description = "The run compared.")
  Path candidate;

  @Option(
      names = "--assert",
      paramLabel = "<threshold>",
      description =
          "A criterion on the candidate, repeatable, absolute or relative to the baseline:"
              + " 'e2e.p99 <= baseline + 10%%', 'received.rate >= baseline - 5%%', 'lost == 0'."
              + " A comparison that fails one exits "
              + ExitCodes.THRESHOLD_FAILED
              + ".")
  List<String> asserts = new ArrayList<>();

  @Option(
      names = {"-o", "--output"},
      paramLabel = "FILE",
      description = "Also write the comparison as JSON to FILE.")
  Path output;

  @Option(
      names = {"-r", "--report"},
      paramLabel = "FILE",
      description =
          "Also write an HTML report of both runs to FILE, the comparison first (see bench"
              + " report).")
  Path report;

  @Override
  public Integer call() {
    List<Threshold> thresholds = asserts.stream().map(Threshold::parse).toList();
    List<RunComparison> comparisons = new ArrayList<>();
    for (Map.Entry<String, RunResult[]> pair : pairs().entrySet()) {
      RunResult[] runs = pair.getValue();
      comparisons.add(RunComparison.of(pair.getKey(), runs[0], runs[1], thresholds));
    }
    PrintWriter out = spec.commandLine().getOut();
    for (RunComparison c : comparisons) {
      print(c, out);
    }
    out.flush();
    if (output != null) {
      try {
        // Made here, not in a static field: bench --help creates this command too, and a mapper
        // made at start-up loads some 400 classes of Jackson into every command line.
        new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .writeValue(output.toFile(), comparisons);
      } catch (IOException e) {
        throw new WorkloadException(
            "cannot write " + output + " (" + e.getMessage() + "): choose a writable -o file");
      }
    }
    if (report != null) {
      try {
        HtmlReport.write(List.of(baseline, candidate), comparisons, report);
      } catch (IOException e) {
        throw new WorkloadException(
            "cannot write "
                + report
                + " ("
                + e.getMessage()
                + "): choose a writable --report file");
      }
    }
    return exitCode(comparisons, spec.commandLine().getErr());
  }

  /**
   * A candidate that did not complete exits {@link ExitCodes#RUN_FAILED}, as its run did (an
   * interrupted one too: 130 would say the comparison itself was interrupted); else a failed
   * threshold exits {@link ExitCodes#THRESHOLD_FAILED}; else a candidate that lost messages exits
   * {@link ExitCodes#LOSS}, as {@code bench run} does. Each reason is a line on standard error.
   */
  private static int exitCode(List<RunComparison> comparisons, PrintWriter err) {
    boolean incomplete = false;
    boolean thresholdFailed = false;
    boolean lost = false;
    for (RunComparison c : comparisons) {
      RunOutcome candidate = c.candidate();
      List<String> what = new ArrayList<>();
      if (!candidate.completed()) {
        incomplete = true;
        what.add(
            "is "
                + candidate.status()
                + (candidate.error() == null ? "" : " (" + candidate.error() + ")"));
      }
      if (candidate.lost() > 0) {
        lost = true;
        what.add(String.format(Locale.ROOT, "lost %,d message(s)", candidate.lost()));
      }
      if (!what.isEmpty()) {
        err.println("bench: " + c.name() + ": the candidate " + String.join(" and ", what));
      }
      for (ThresholdOutcome t : c.thresholds()) {
        if (!t.passed()) {
          thresholdFailed = true;
          err.println("bench: " + c.name() + ": threshold " + t.message());
        }
      }
    }
    err.flush();
    if (incomplete) {
      return ExitCodes.RUN_FAILED;
    }
    if (thresholdFailed) {
      return ExitCodes.THRESHOLD_FAILED;
    }
    return lost ? ExitCodes.LOSS : ExitCodes.OK;
  }

  /** Baseline and candidate results by name: one pair, or one per cell of two scenarios. */
  private Map<String, RunResult[]> pairs() {
    boolean baselineScenario = ScenarioIndex.isScenarioDirectory(baseline);
    boolean candidateScenario = ScenarioIndex.isScenarioDirectory(candidate);
    Map<String, RunResult[]> pairs = new LinkedHashMap<>();
    if (!baselineScenario && !candidateScenario) {
      pairs.put(
          baseline.getFileName() + " -> " + candidate.getFileName(),
          new RunResult[] {ResultFiles.read(baseline), ResultFiles.read(candidate)});
      return pairs;
    }
    if (baselineScenario != candidateScenario) {
      throw new WorkloadException(
          "cannot compare a scenario run with a single run: give two scenario directories or two"
              + " result directories");
    }
    ScenarioIndex before = index(baseline);
    ScenarioIndex after = index(candidate);
    for (ScenarioIndex.Cell cell : after.cells()) {
      ScenarioIndex.Cell match =
          before.cells().stream()
              .filter(c -> c.axes().equals(cell.axes()) && c.repetition() == cell.repetition())
              .findFirst()
              .orElse(null);
      Path beforeDir = match == null ? null : baseline.resolve(match.dir());
      Path afterDir = candidate.resolve(cell.dir());
      if (match != null && hasResult(beforeDir) && hasResult(afterDir)) {
        pairs.put(
            cell.id(), new RunResult[] {ResultFiles.read(beforeDir), ResultFiles.read(afterDir)});
      }
    }
    if (pairs.isEmpty()) {
      throw new WorkloadException(
          "the scenario runs "
              + baseline
              + " and "
              + candidate
              + " have no completed cell with the same axis values: compare runs of one scenario");
    }
    return pairs;
  }

  private static ScenarioIndex index(Path dir) {
    try {
      return ScenarioIndex.read(dir);
    } catch (IOException e) {
      throw new WorkloadException(
          dir.resolve(ScenarioIndex.FILE) + " is not a scenario index: " + e.getMessage());
    }
  }

  private static boolean hasResult(Path dir) {
    return RunDirectory.of(dir).hasResult();
  }

  private static void print(RunComparison c, PrintWriter out) {
    out.printf(Locale.ROOT, "== %s ==%n", c.name());
    out.printf(Locale.ROOT, "%-16s %16s %16s %10s%n", "metric", "baseline", "candidate", "change");
    out.printf(
        Locale.ROOT,
        "%-16s %16s %16s %10s%s%n",
        "status",
        c.baseline().status(),
        c.candidate().status(),
        "",
        verdictColumn(c.statusVerdict()));
    for (MetricChange m : c.changes()) {
      Metric metric = Metric.parse(m.metric());
      out.printf(
          Locale.ROOT,
          "%-16s %16s %16s %10s%s%n",
          m.metric(),
          m.baseline() == null ? "-" : metric.format(m.baseline()),
          m.candidate() == null ? "-" : metric.format(m.candidate()),
          m.changeText(),
          verdictColumn(m.verdict()));
    }
    for (String note : c.notes()) {
      out.println("note: " + note);
    }
    for (ThresholdOutcome t : c.thresholds()) {
      out.println(t.message());
    }
    out.println();
  }

  private static String verdictColumn(String verdict) {
    String text = MetricChange.verdictText(verdict);
    return text.isEmpty() ? "" : "  " + text;
  }
}
