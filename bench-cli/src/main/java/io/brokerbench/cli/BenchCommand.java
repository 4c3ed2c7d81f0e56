package io.brokerbench.cli;

import io.brokerbench.Drivers;
import io.brokerbench.spi.DriverProvider;
import io.brokerbench.spi.OptionException;
import io.brokerbench.workload.WorkloadException;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code bench}: the top command. */
@Command(
    name = "bench",
    mixinStandardHelpOptions = true,
    versionProvider = BenchCommand.Version.class,
    description = "%nbrokerbench: an open-loop load generator for message brokers.%n",
    subcommands = {
      DriversCommand.class,
      ReportCommand.class,
      CompareCommand.class,
      MergeCommand.class,
      HelpCommand.class
    })
final class BenchCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  /** {@code bench} alone: a usage error, as for git, with the usage where errors go. */
  @Override
  public Integer call() {
    spec.commandLine().usage(spec.commandLine().getErr());
    return ExitCodes.USAGE;
  }

  /** The command line with every driver's {@code run} subcommand and the error handling. */
  static CommandLine commandLine() {
    CommandLine bench = new CommandLine(new BenchCommand());
    CommandLine run = new CommandLine(new RunCommand());
    for (DriverProvider provider : Drivers.available()) {
      run.addSubcommand(provider.name(), DriverRunCommand.create(provider));
    }
    bench.addSubcommand("run", run);
    CommandLine maxRate = new CommandLine(new MaxRateCommand());
    for (DriverProvider provider : Drivers.available()) {
      maxRate.addSubcommand(provider.name(), DriverMaxRateCommand.create(provider));
    }
    bench.addSubcommand("max-rate", maxRate);
    bench.addSubcommand("scenario", new ScenarioCommand());
    bench.setParameterExceptionHandler(BenchCommand::usageError);
    bench.setExecutionExceptionHandler(
        (e, commandLine, parseResult) ->
            failure(e, commandLine, parseResult.subcommand() != null && isVerbose(parseResult)));
    return bench;
  }

  private static boolean isVerbose(CommandLine.ParseResult parseResult) {
    CommandLine.ParseResult leaf = parseResult;
    while (leaf.subcommand() != null) {
      leaf = leaf.subcommand();
    }
    return leaf.hasMatchedOption("--verbose");
  }

  private static int usageError(ParameterException e, String[] args) {
    CommandLine commandLine = e.getCommandLine();
    PrintWriter err = commandLine.getErr();
    String message = e.getMessage();
    if (e instanceof CommandLine.UnmatchedArgumentException unmatched
        && takesDriver(commandLine)
        && !unmatched.getUnmatched().isEmpty()) {
      message = unknownDriver(unmatched.getUnmatched().get(0), commandLine);
    }
    err.println(
        "bench: "
            + message
            + " (see '"
            + commandLine.getCommandSpec().qualifiedName()
            + " --help')");
    err.flush();
    return ExitCodes.USAGE;
  }

  /** Whether the subcommands of {@code command} are drivers: {@code run} and {@code max-rate}. */
  static boolean takesDriver(CommandLine command) {
    return command.getCommand() instanceof RunCommand
        || command.getCommand() instanceof MaxRateCommand;
  }

  /** The error for a {@code name} that is none of the drivers of {@code command}. */
  static String unknownDriver(String name, CommandLine command) {
    return "unknown driver '"
        + name
        + "': available drivers are "
        + String.join(", ", command.getSubcommands().keySet());
  }

  /** Prints a command's failure as one line (with the stack trace when verbose); its exit code. */
  static int failure(Exception e, CommandLine commandLine, boolean verbose) {
    PrintWriter err = commandLine.getErr();
    int code;
    if (e instanceof WorkloadException || e instanceof OptionException) {
      err.println("bench: " + e.getMessage());
      code = ExitCodes.USAGE;
    } else if (e instanceof DriverRunCommand.RunFailedException) {
      err.println("bench: run failed: " + e.getMessage());
      code = ExitCodes.RUN_FAILED;
    } else {
      err.println(
          "bench: internal error: "
              + e
              + (verbose ? "" : " (rerun with --verbose for the stack trace)"));
      code = ExitCodes.RUN_FAILED;
    }
    if (verbose) {
      e.printStackTrace(err);
    }
    err.flush();
    return code;
  }

  /** The version from the jar manifest. */
  static final class Version implements IVersionProvider {
    @Override
    public String[] getVersion() {
      String version = BenchCommand.class.getPackage().getImplementationVersion();
      return new String[] {"brokerbench " + (version == null ? "dev" : version)};
    }
  }
}
