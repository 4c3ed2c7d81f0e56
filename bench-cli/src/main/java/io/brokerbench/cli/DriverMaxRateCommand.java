package io.brokerbench.cli;

import io.brokerbench.scenario.Cell;
import io.brokerbench.scenario.MaxRateReport;
import io.brokerbench.scenario.MaxRateSettings;
import io.brokerbench.scenario.ScenarioMaxRate;
import io.brokerbench.spi.DriverProvider;
import io.brokerbench.workload.WorkloadSpec;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code bench max-rate <driver>}: the workload and driver options of {@code bench run <driver>}
 * (the rate and length are the search's), and the search's settings.
 */
@Command(
    sortOptions = false,
    usageHelpAutoWidth = true,
    description =
        "%nSearches the highest sustainable rate of the workload: grows the rate until a probe"
            + " fails, bisects, re-measures the candidate.%n")
final class DriverMaxRateCommand implements Callable<Integer> {
  private final DriverProvider provider;

  @Spec CommandSpec spec;

  @Mixin MaxRateOptions maxRate;

  @Option(
      names = {"-o", "--output-dir"},
      description = "Where " + MaxRateReport.FILE + " goes (default: the current directory).")
  Path outputDir = Path.of(".");

  @Option(
      names = "--help",
      usageHelp = true,
      description = "Show this help, with the driver's own options.")
  boolean help;

  DriverMaxRateCommand(DriverProvider provider) {
    this.provider = provider;
  }

  /** Adds the driver's options to its command. */
  static CommandLine create(DriverProvider provider) {
    CommandLine commandLine = new CommandLine(new DriverMaxRateCommand(provider));
    DriverArguments.declare(commandLine.getCommandSpec(), provider);
    return commandLine;
  }

  @Override
  public Integer call() {
    WorkloadSpec workload = DriverArguments.workloadSpec(spec, provider);
    Map<String, String> options =
        BrokerTargets.announced(
            provider, DriverArguments.driverOptions(spec, provider), spec.commandLine().getOut());
    workload.toWorkload();
    MaxRateSettings settings = maxRate.settings(MaxRateSettings.DEFAULTS);
    Cell cell = new Cell(0, "000", Map.of(), 0, workload, provider.name(), options, null);
    return MaxRateCommand.search(
        new ScenarioMaxRate(
            provider.name(), List.of(cell), settings, outputDir, spec.commandLine().getOut()),
        outputDir,
        spec.commandLine().getErr());
  }
}
