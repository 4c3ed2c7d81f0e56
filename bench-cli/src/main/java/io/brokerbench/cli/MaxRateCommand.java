package io.brokerbench.cli;

import io.brokerbench.scenario.MaxRateReport;
import io.brokerbench.scenario.ScenarioMaxRate;
import io.brokerbench.workload.WorkloadException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code bench max-rate}: needs a driver name, as {@code bench run} does; each driver's subcommand
 * is a {@link DriverMaxRateCommand}.
 */
@Command(
    name = "max-rate",
    header = "Searches the highest rate a broker sustains with a workload.",
    description =
        "%nbench max-rate <driver> [options]; bench max-rate <driver> --help lists its"
            + " options.%n")
final class MaxRateCommand implements Runnable {
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

  /**
   * Runs a search under a Ctrl-C hook. Exit code 0 when every search found a rate, 1 when one found
   * none, 130 when interrupted (the searches that ended are written).
   */
  static int search(ScenarioMaxRate search, Path dir, PrintWriter err) {
    MaxRateReport report;
    InterruptHook hook = InterruptHook.install(search::interrupt);
    try {
      report = search.run();
    } catch (InterruptedException e) {
      return ExitCodes.INTERRUPTED;
    } catch (IOException e) {
      throw new WorkloadException("cannot write results to " + dir + " (" + e.getMessage() + ")");
    } finally {
      hook.close();
    }
    if (report.searches().stream().anyMatch(s -> s.ratePerSecond() == 0)) {
      err.println("bench: no sustainable rate found: see " + dir.resolve(MaxRateReport.FILE));
      err.flush();
      return ExitCodes.RUN_FAILED;
    }
    return ExitCodes.OK;
  }
}
