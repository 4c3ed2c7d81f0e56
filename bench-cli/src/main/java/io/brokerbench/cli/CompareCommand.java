package io.brokerbench.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.brokerbench.compare.MetricChange;
import io.brokerbench.compare.RunComparison;
import io.brokerbench.compare.RunOutcome;
import io.brokerbench.htmlreport.HtmlReport;
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
          + " its change, and better or worse only where the change is beyond the noise (a"
          + " Mann-Whitney U test of the runs' 1 s intervals, or of the runs themselves when each"
          + " side has several: p < 0.05), else no clear change. BASELINE and CANDIDATE are result"
          + " directories (or result.json files), each one run or several separated by commas (a"
          + " bench run --repeat directory is its runs), or scenario output directories (compared cell by cell, a cell's repetitions as its"
          + " runs). A candidate that did not"
          + " complete is worse and exits "
          + ExitCodes.RUN_FAILED
          + "; one that lost messages is worse and exits "
          + ExitCodes.LOSS
          + "; the figures of a run that did either are not comparable. A suspect candidate (it"
          + " may have measured the generator or the machine) is worse too.%n"
    })
final class CompareCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(
      index = "0",
      paramLabel = "BASELINE",
      split = ",",
      description = "The run compared against, or its runs: DIR[,DIR…].")
  List<Path> baseline;

  @Parameters(
      index = "1",
      paramLabel = "CANDIDATE",
      split = ",",
      description = "The run compared, or its runs: DIR[,DIR…].")
  List<Path> candidate;

  @Option(
      names = "--assert",
      paramLabel = "<threshold>",
      description =
          "A criterion on the candidate, repeatable, absolute or relative to the baseline:"
              + " 'e2e.p99 <= baseline + 10%%', 'received.rate >= baseline - 5%%', 'lost == 0'."
              + " A comparison that fails one exits "
              + ExitCodes.THRESHOLD_FAILED
              + "; with several runs a side it is checked on the candidate's median and its 95%%"
              + " interval, and one the runs cannot decide exits "
              + ExitCodes.INCONCLUSIVE
              + "; thresholds that held on a suspect candidate exit "
              + ExitCodes.SUSPECT
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
    for (Map.Entry<String, List<List<RunResult>>> pair : pairs().entrySet()) {
      List<List<RunResult>> sides = pair.getValue();
      comparisons.add(RunComparison.of(pair.getKey(), sides.get(0), sides.get(1), thresholds));
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
        List<Path> inputs = new ArrayList<>(baseline);
        inputs.addAll(candidate);
        HtmlReport.write(inputs, comparisons, report);
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
   * {@link ExitCodes#LOSS}; else a threshold the runs could not decide exits {@link
   * ExitCodes#INCONCLUSIVE}; else thresholds that held on a suspect candidate exit {@link
   * ExitCodes#SUSPECT}, as {@code bench run} does. Each reason is a line on standard error.
   */
  private static int exitCode(List<RunComparison> comparisons, PrintWriter err) {
    boolean incomplete = false;
    boolean thresholdFailed = false;
    boolean suspectChecked = false;
    boolean inconclusive = false;
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
      if (!candidate.valid()) {
        suspectChecked |= !c.thresholds().isEmpty();
        what.add("is suspect (" + String.join(", ", candidate.suspect()) + ")");
      }
      if (!what.isEmpty()) {
        err.println("bench: " + c.name() + ": the candidate " + String.join(" and ", what));
      }
      for (ThresholdOutcome t : c.thresholds()) {
        if (!t.passed()) {
          thresholdFailed |= !t.inconclusive();
          inconclusive |= t.inconclusive();
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
    if (lost) {
      return ExitCodes.LOSS;
    }
    if (inconclusive) {
      return ExitCodes.INCONCLUSIVE;
    }
    return suspectChecked ? ExitCodes.SUSPECT : ExitCodes.OK;
  }

  /**
   * Baseline and candidate runs by name: one pair of sides, or one per cell of two scenarios (a
   * cell's repetitions its runs).
   */
  private Map<String, List<List<RunResult>>> pairs() {
    boolean baselineScenario = baseline.stream().anyMatch(ScenarioIndex::isScenarioDirectory);
    boolean candidateScenario = candidate.stream().anyMatch(ScenarioIndex::isScenarioDirectory);
    Map<String, List<List<RunResult>>> pairs = new LinkedHashMap<>();
    if (!baselineScenario && !candidateScenario) {
      pairs.put(
          name(baseline) + " -> " + name(candidate),
          List.of(
              baseline.stream().flatMap(p -> ResultFiles.readRuns(p).stream()).toList(),
              candidate.stream().flatMap(p -> ResultFiles.readRuns(p).stream()).toList()));
      return pairs;
    }
    if (baselineScenario != candidateScenario || baseline.size() > 1 || candidate.size() > 1) {
      throw new WorkloadException(
          "cannot compare a scenario run with single runs or several scenario runs: give two"
              + " scenario directories (a cell's repetitions are its runs) or result directories");
    }
    Path beforeRoot = baseline.get(0);
    Path afterRoot = candidate.get(0);
    Map<Map<String, String>, ScenarioRuns.Combination> before = ScenarioRuns.of(beforeRoot);
    for (Map.Entry<Map<String, String>, ScenarioRuns.Combination> after :
        ScenarioRuns.of(afterRoot).entrySet()) {
      ScenarioRuns.Combination same = before.get(after.getKey());
      if (same != null) {
        pairs.put(after.getValue().name(), List.of(same.runs(), after.getValue().runs()));
      }
    }
    if (pairs.isEmpty()) {
      throw new WorkloadException(
          "the scenario runs "
              + beforeRoot
              + " and "
              + afterRoot
              + " have no completed cell with the same axis values: compare runs of one scenario");
    }
    return pairs;
  }

  /** A side's name: its run's directory, or its runs' joined by commas. */
  private static String name(List<Path> runs) {
    return String.join(",", runs.stream().map(p -> p.getFileName().toString()).toList());
  }

  private static void print(RunComparison c, PrintWriter out) {
    out.printf(Locale.ROOT, "== %s ==%n", c.name());
    out.println(samplesLine(c));
    out.printf(Locale.ROOT, "%-16s %16s %16s %10s%n", "metric", "baseline", "candidate", "change");
    out.printf(
        Locale.ROOT,
        "%-16s %16s %16s %10s%s%n",
        "status",
        c.baseline().statusText(),
        c.candidate().statusText(),
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
          verdictColumn(m.verdict()) + (m.evidenceText().isEmpty() ? "" : "  " + m.evidenceText()));
    }
    for (String note : c.notes()) {
      out.println("note: " + note);
    }
    for (ThresholdOutcome t : c.thresholds()) {
      out.println(t.message());
    }
    out.println();
  }

  /** What the noise was judged from, so that a p-value can be read. */
  private static String samplesLine(RunComparison c) {
    int before = c.baseline().runs();
    int after = c.candidate().runs();
    String runs =
        before == 1 && after == 1
            ? "one run a side"
            : String.format(Locale.ROOT, "%d and %d runs", before, after);
    String samples =
        before > 1 && after > 1
            ? "the runs"
            : "the runs' measured intervals (repeated runs are the sounder basis)";
    return runs + "; noise judged from " + samples + ", a change clear at p < 0.05";
  }

  private static String verdictColumn(String verdict) {
    String text = MetricChange.verdictText(verdict);
    return text.isEmpty() ? "" : "  " + text;
  }
}
