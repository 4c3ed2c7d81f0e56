package io.brokerbench.cli;

import io.brokerbench.scenario.MaxRateReport;
import io.brokerbench.scenario.MaxRateSettings;
import io.brokerbench.scenario.Scenario;
import io.brokerbench.scenario.ScenarioMaxRate;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code bench scenario max-rate FILE}: the highest sustainable rate of each cell, by the file's
 * {@code max-rate:} section and the options given.
 */
@Command(
    name = "max-rate",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description =
        "%nSearches each cell's highest sustainable rate: grows the rate until a probe fails,"
            + " bisects, re-measures the candidate. Writes "
            + MaxRateReport.FILE
            + " with every probe.%n")
final class ScenarioMaxRateCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin ScenarioFileOptions scenarioFile;

  @Mixin MaxRateOptions maxRate;

  @Option(
      names = {"-o", "--output-dir"},
      description = "Where " + MaxRateReport.FILE + " goes (default: results/<scenario name>).")
  Path outputDir;

  @Override
  public Integer call() {
    Scenario scenario = scenarioFile.load();
    MaxRateSettings settings =
        maxRate.settings(
            scenario.maxRate() != null ? scenario.maxRate() : MaxRateSettings.DEFAULTS);
    Path dir = outputDir != null ? outputDir : Path.of("results", scenario.name());
    return MaxRateCommand.search(
        new ScenarioMaxRate(scenario, settings, dir, spec.commandLine().getOut()),
        dir,
        spec.commandLine().getErr());
  }
}
