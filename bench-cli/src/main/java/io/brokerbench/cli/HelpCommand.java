package io.brokerbench.cli;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code bench help [command…]}: the usage of a command, however deep ({@code bench help run
 * amqp091}). Picocli's own {@code HelpCommand} looks at the first name only, and a driver's options
 * live two levels down.
 */
@Command(
    name = "help",
    helpCommand = true,
    description = "Shows the usage of a command, e.g. bench help run amqp091.")
final class HelpCommand implements Runnable {
  @Spec CommandSpec spec;

  @Parameters(paramLabel = "COMMAND", arity = "0..*", description = "A command, e.g. run amqp091.")
  List<String> path = new ArrayList<>();

  @Override
  public void run() {
    CommandLine command = spec.parent().commandLine();
    for (String name : path) {
      CommandLine subcommand = command.getSubcommands().get(name);
      if (subcommand == null) {
        // Said as that command would say it: bench help run nosuch as bench run nosuch.
        throw new ParameterException(
            command,
            BenchCommand.takesDriver(command)
                ? BenchCommand.unknownDriver(name, command)
                : "unknown command '"
                    + name
                    + "': use one of "
                    + String.join(", ", command.getSubcommands().keySet()));
      }
      command = subcommand;
    }
    command.usage(spec.commandLine().getOut());
  }
}
