package io.brokerbench.cli;

import io.brokerbench.compare.RepeatedRuns;
import io.brokerbench.htmlreport.HtmlReport;
import io.brokerbench.result.ScenarioIndex;
import io.brokerbench.result.ThresholdOutcome;
import io.brokerbench.scenario.CellSelection;
import io.brokerbench.scenario.Scenario;
import io.brokerbench.scenario.ScenarioOutcome;
import io.brokerbench.scenario.ScenarioRunner;
import io.brokerbench.workload.WorkloadException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code bench scenario run FILE}: runs every cell not completed yet into the output directory.
 * Exit code 1 when a cell failed, 130 when interrupted, 3 when a cell lost messages, else 0.
 */
@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    description =
        "%nRuns each cell of a scenario: cells/NNN-axis=value/ (result.json, intervals.csv,"
            + " latency.hlog) and scenario.json in the output directory. Run it again with the"
            + " same -o to resume with the cells not completed.%n")
final class ScenarioRunCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin ScenarioFileOptions scenarioFile;

  /** The HTML report written beside the cells when the scenario ends. */
  static final String REPORT = "report.html";

  @Option(
      names = {"-o", "--output-dir"},
      description = "Where results go (default: results/<scenario name>).")
  Path outputDir;

  @Option(
      names = "--only",
      paramLabel = "CELL",
      description =
          "Run only these cells: a cell's number (as in 'cell 3/22') or axis=label[,axis=label...]"
              + " (every label a cell must carry); repeatable. The others keep their status, so"
              + " a later run without --only resumes with them.")
  List<String> only = new ArrayList<>();

  @Override
  public Integer call() {
    Scenario scenario = scenarioFile.load();
    CellSelection selection = CellSelection.parse(scenario, only);
    Path dir = outputDir != null ? outputDir : Path.of("results", scenario.name());
    PrintWriter out = spec.commandLine().getOut();
    ScenarioRunner runner =
        new ScenarioRunner(scenario, dir, out)
            .commandLine(commandLine(spec.commandLine()))
            .only(selection);
    ScenarioOutcome outcome;
    InterruptHook hook = InterruptHook.install(runner::interrupt);
    try {
      outcome = runner.run();
      if (scenario.repetitions() > 1) {
        printSpreads(dir, out);
      }
      Path report = dir.resolve(REPORT);
      HtmlReport.write(List.of(dir), report);
      out.println("report: " + report);
    } catch (IOException e) {
      throw new WorkloadException("cannot write results to " + dir + " (" + e.getMessage() + ")");
    } finally {
      hook.close();
    }
    return exitCode(outcome, spec.commandLine().getErr());
  }

  /** Each combination's figures across its repetitions, as {@code bench run --repeat} prints. */
  private static void printSpreads(Path dir, PrintWriter out) {
    for (ScenarioRuns.Combination combination : ScenarioRuns.of(dir).values()) {
      if (combination.runs().size() > 1) {
        RepeatTable.print(combination.name(), RepeatedRuns.of(combination.runs()), out);
      }
    }
  }

  private static int exitCode(ScenarioOutcome outcome, PrintWriter err) {
    long failed =
        outcome.index().cells().stream()
            .filter(c -> c.status().equals(ScenarioIndex.FAILED))
            .count();
    if (outcome.anyFailed()) {
      err.println("bench: " + failed + " cell(s) failed: see their result.json");
      err.flush();
      return ExitCodes.RUN_FAILED;
    }
    if (outcome.interrupted()) {
      return ExitCodes.INTERRUPTED;
    }
    List<String> failedThresholds =
        outcome.results().stream()
            .flatMap(r -> r.verdict().thresholds().stream())
            .filter(t -> !t.passed())
            .map(ThresholdOutcome::message)
            .toList();
    if (!failedThresholds.isEmpty()) {
      failedThresholds.forEach(m -> err.println("bench: threshold " + m));
      err.flush();
      return ExitCodes.THRESHOLD_FAILED;
    }
    if (outcome.anyLoss()) {
      err.println("bench: a cell lost messages: exit " + ExitCodes.LOSS);
      err.flush();
      return ExitCodes.LOSS;
    }
    long suspect =
        outcome.results().stream()
            .filter(r -> !r.verdict().thresholds().isEmpty() && !r.validity().valid())
            .count();
    if (suspect > 0) {
      err.println(
          "bench: "
              + suspect
              + " cell(s) held their thresholds on a suspect run: exit "
              + ExitCodes.SUSPECT);
      err.flush();
      return ExitCodes.SUSPECT;
    }
    return ExitCodes.OK;
  }

  /** The command line as typed, any password in an address masked. */
  static String commandLine(CommandLine command) {
    return CommandLineText.masked(command, Set.of());
  }
}
