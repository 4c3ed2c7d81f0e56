package io.brokerbench.cli;

import io.brokerbench.Drivers;
import io.brokerbench.scenario.Cell;
import io.brokerbench.scenario.Scenario;
import io.brokerbench.spi.DriverOption;
import io.brokerbench.spi.UriPasswords;
import io.brokerbench.workload.WorkloadOption;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code bench scenario expand FILE}: the cells, checked, without running them. */
@Command(
    name = "expand",
    mixinStandardHelpOptions = true,
    description = "%nPrints a scenario's cells (checked as for a run) without running them.%n")
final class ScenarioExpandCommand implements Callable<Integer> {
  /** Stands for the run's id in the queue names shown. */
  static final String RUN_ID_SHOWN = "<run id>";

  @Spec CommandSpec spec;

  @Mixin ScenarioFileOptions scenarioFile;

  @Override
  public Integer call() {
    Scenario scenario = scenarioFile.load();
    // Shown as a run names them; each run draws its own id.
    List<Cell> cells = scenario.cells(RUN_ID_SHOWN);
    PrintWriter out = spec.commandLine().getOut();
    out.printf(
        "scenario %s (%s%s): %d cell(s)%n",
        scenario.name(), scenario.file(), scenario.shortVariant() ? ", short" : "", cells.size());
    for (Cell cell : cells) {
      out.println(cell.id());
      out.println("  driver " + cell.driver() + options(cell));
      out.println("  workload " + workload(cell));
    }
    if (!scenario.assertions().isEmpty()) {
      out.println("assert " + String.join("; ", scenario.assertions()));
    }
    out.flush();
    return ExitCodes.OK;
  }

  private static String options(Cell cell) {
    List<DriverOption> declared = Drivers.find(cell.driver()).options();
    List<String> pairs = new ArrayList<>();
    for (Map.Entry<String, String> entry : cell.driverOptions().entrySet()) {
      String value =
          declared.stream()
              .filter(o -> o.name().equals(entry.getKey()))
              .findFirst()
              .map(o -> UriPasswords.shown(o, entry.getValue()))
              .orElse(entry.getValue());
      pairs.add(entry.getKey() + "=" + UriPasswords.mask(value));
    }
    return pairs.isEmpty() ? "" : " " + String.join(" ", pairs);
  }

  private static String workload(Cell cell) {
    List<String> pairs = new ArrayList<>();
    for (WorkloadOption<?> option : WorkloadOption.all()) {
      cell.workload()
          .value(option)
          .ifPresent(value -> pairs.add(option.name() + "=" + text(value)));
    }
    return pairs.isEmpty() ? "(defaults)" : String.join(" ", pairs);
  }

  private static String text(Object value) {
    if (value instanceof Duration duration) {
      return duration.toMillis() % 1000 == 0
          ? duration.toSeconds() + "s"
          : duration.toMillis() + "ms";
    }
    if (value instanceof List<?> list) {
      return String.join(",", list.stream().map(ScenarioExpandCommand::text).toList());
    }
    if (value instanceof Double number && number == Math.rint(number)) {
      return String.valueOf(number.longValue());
    }
    if (value instanceof Enum<?> constant) {
      return constant.name().toLowerCase(java.util.Locale.ROOT);
    }
    return String.valueOf(value);
  }
}
