package io.brokerbench.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code bench run}: needs a driver name; prints the drivers when given none. */
@Command(
    name = "run",
    header = "Runs a workload against a broker.",
    description = "%nbench run <driver> [options]; bench run <driver> --help lists its options.%n",
    mixinStandardHelpOptions = false)
final class RunCommand implements Runnable {
  @Spec CommandSpec spec;

  // Without it, picocli would take "--help" for a driver's name.
  @Option(names = "--help", usageHelp = true, description = "Show this help, with the drivers.")
  boolean help;

  @Override
  public void run() {
    throw new picocli.CommandLine.ParameterException(
        spec.commandLine(),
        "missing driver: use one of " + String.join(", ", spec.subcommands().keySet()));
  }
}
