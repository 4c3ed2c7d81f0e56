package io.brokerbench.cli;

import io.brokerbench.htmlreport.HtmlReport;
import io.brokerbench.htmlreport.ReportInputException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code bench report [-o FILE] INPUT...}: one self-contained HTML page of runs and scenarios. */
@Command(
    name = "report",
    sortOptions = false,
    header = "Writes one HTML page of runs and scenarios.",
    description =
        "%nThe page is self-contained: charts and tables, no network needed to open it.%n")
final class ReportCommand implements Callable<Integer> {
  /** The page written when no {@code -o} is given, in the current directory. */
  static final String DEFAULT_FILE = "report.html";

  @Spec CommandSpec spec;

  @Option(
      names = {"-o", "--output"},
      paramLabel = "FILE",
      description = "The page to write (default: " + DEFAULT_FILE + " in the current directory).")
  Path output = Path.of(DEFAULT_FILE);

  @Parameters(
      paramLabel = "INPUT",
      arity = "1..*",
      description =
          "A result directory (with result.json), a result.json file, or a scenario directory"
              + " (with scenario.json).")
  List<Path> inputs = new ArrayList<>();

  @Option(names = "--help", usageHelp = true, description = "Show this help.")
  boolean help;

  @Option(names = "--verbose", description = "Print the stack trace of an internal error.")
  boolean verbose;

  @Override
  public Integer call() {
    try {
      HtmlReport.write(inputs, output);
    } catch (ReportInputException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage(), e);
    } catch (IOException e) {
      throw new ParameterException(
          spec.commandLine(),
          "cannot write the report to " + output + " (" + e + "): choose a writable -o FILE",
          e);
    }
    spec.commandLine().getOut().println("report written to " + output);
    return ExitCodes.OK;
  }
}
