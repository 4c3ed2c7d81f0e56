package io.brokerbench.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code bench scenario}: runs, expands or searches the max rate of a scenario file. */
@Command(
    name = "scenario",
    header = "Runs, expands or searches the max rate of a scenario file.",
    description =
        "%nScenario files: a driver, a workload and axes to vary; every combination is a cell.%n",
    subcommands = {
      ScenarioRunCommand.class,
      ScenarioExpandCommand.class,
      ScenarioMaxRateCommand.class
    })
final class ScenarioCommand implements Runnable {
  @Spec CommandSpec spec;

  @Override
  public void run() {
    throw new picocli.CommandLine.ParameterException(
        spec.commandLine(),
        "missing command: use one of " + String.join(", ", spec.subcommands().keySet()));
  }
}
