package io.brokerbench.cli;

import io.brokerbench.Drivers;
import io.brokerbench.scenario.SetupFailedException;
import io.brokerbench.spi.DriverProvider;
import io.brokerbench.spi.OptionException;
import io.brokerbench.workload.WorkloadException;
import java.io.PrintWriter;
import java.util.List;
import java.util.Set;
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
    description = "%nbrokerbench: an open-loop load generator for message brokers.%n")
final class BenchCommand implements Callable<Integer> {
  /** The commands built alone when named first: all but {@code help}, which shows the others. */
  private static final Set<String> TOP_COMMANDS =
      Set.of("drivers", "report", "compare", "merge", "coordinate", "run", "max-rate", "scenario");

  /** The options that print the version. */
  private static final Set<String> VERSION = Set.of("-V", "--version");

  /** The commands whose subcommands are the drivers. */
  private static final Set<String> DRIVER_COMMANDS = Set.of("run", "max-rate");

  @Spec CommandSpec spec;

  /** {@code bench} alone: a usage error, as for git, with the usage where errors go. */
  @Override
  public Integer call() {
    spec.commandLine().usage(spec.commandLine().getErr());
    return ExitCodes.USAGE;
  }

  /** The command line with every command, every driver's {@code run} subcommand and the errors. */
  static CommandLine commandLine() {
    return commandLine(null, null);
  }

  /**
   * The command line for these arguments: the command they name and nothing else, with only the
   * driver they name under {@code run} or {@code max-rate}. Picocli builds the model of every
   * command it is given, reading each class's options and creating its object, and with it loads
   * what those classes refer to: the HTML report, Jackson, the scenario module and every driver's
   * options for a run that uses none of them. Arguments that name no command ({@code --help},
   * {@code help run}, an unknown name) get every command, so that what is printed, usage and errors
   * alike, is what the whole command line prints.
   */
  static CommandLine commandLine(String[] args) {
    if (args != null && args.length == 1 && VERSION.contains(args[0])) {
      // The version alone needs no command; bench --version run loopback still parses all.
      return commandLine("", null);
    }
    if (args == null || args.length == 0 || !TOP_COMMANDS.contains(args[0])) {
      return commandLine(null, null);
    }
    String driver = args.length > 1 && DRIVER_COMMANDS.contains(args[0]) ? args[1] : null;
    return commandLine(args[0], driver);
  }

  /**
   * The command line with only {@code command} (every command when null, none when empty) and,
   * under a command that takes a driver, only {@code driver} when it is one (every driver
   * otherwise).
   */
  private static CommandLine commandLine(String command, String driver) {
    CommandLine bench = new CommandLine(new BenchCommand());
    List<DriverProvider> drivers = null;
    for (String name : List.of("drivers", "report", "compare", "merge", "coordinate", "help")) {
      if (command == null || name.equals(command)) {
        bench.addSubcommand(name, simpleCommand(name));
      }
    }
    if (command == null || DRIVER_COMMANDS.contains(command)) {
      drivers = driversNamed(driver);
    }
    if (command == null || command.equals("run")) {
      CommandLine run = new CommandLine(new RunCommand());
      for (DriverProvider provider : drivers) {
        run.addSubcommand(provider.name(), DriverRunCommand.create(provider));
      }
      bench.addSubcommand("run", run);
    }
    if (command == null || command.equals("max-rate")) {
      CommandLine maxRate = new CommandLine(new MaxRateCommand());
      for (DriverProvider provider : drivers) {
        maxRate.addSubcommand(provider.name(), DriverMaxRateCommand.create(provider));
      }
      bench.addSubcommand("max-rate", maxRate);
    }
    if (command == null || command.equals("scenario")) {
      bench.addSubcommand("scenario", new ScenarioCommand());
    }
    bench.setParameterExceptionHandler(BenchCommand::usageError);
    bench.setExecutionExceptionHandler(
        (e, commandLine, parseResult) ->
            failure(e, commandLine, parseResult.subcommand() != null && isVerbose(parseResult)));
    return bench;
  }

  private static Object simpleCommand(String name) {
    return switch (name) {
      case "drivers" -> new DriversCommand();
      case "report" -> new ReportCommand();
      case "compare" -> new CompareCommand();
      case "merge" -> new MergeCommand();
      case "coordinate" -> new CoordinateCommand();
      default -> new HelpCommand();
    };
  }

  /** The provider named {@code name} alone when there is one, else every provider. */
  private static List<DriverProvider> driversNamed(String name) {
    List<DriverProvider> all = Drivers.available();
    List<DriverProvider> named = all.stream().filter(p -> p.name().equals(name)).toList();
    return named.isEmpty() ? all : named;
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
    } else if (e instanceof SetupFailedException) {
      err.println("bench: " + e.getMessage());
      code = ExitCodes.RUN_FAILED;
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
