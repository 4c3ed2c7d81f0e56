package io.brokerbench.htmlreport;

import io.brokerbench.result.RunResult;
import io.brokerbench.result.ScenarioIndex;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** One input of a report, read: a single run, or a scenario with its cells' runs. */
sealed interface ReportInput {

  /**
   * A single run.
   *
   * @param title what the report calls it: the result's directory name
   * @param result the run's result
   */
  record Run(String title, RunResult result) implements ReportInput {}

  /**
   * A scenario.
   *
   * @param title its directory's name: the set-up it ran on, when several runs of one scenario are
   *     compared ({@link ScenarioSetups})
   * @param scenario its {@code scenario.json}
   * @param cells its cells in order, each with its result when the cell wrote one
   */
  record Scenario(String title, ScenarioIndex scenario, List<CellRun> cells)
      implements ReportInput {
    public Scenario {
      cells = List.copyOf(cells);
    }
  }

  /**
   * A cell of a scenario with its result.
   *
   * @param cell the cell as {@code scenario.json} lists it
   * @param result the cell's result, or null when the cell wrote none (failed before its run)
   */
  record CellRun(ScenarioIndex.Cell cell, RunResult result) {}

  /**
   * Reads an input: a result directory, a {@code result.json} file, or a scenario directory.
   *
   * @throws ReportInputException when the path is none of these or cannot be read
   */
  static ReportInput read(Path path) throws ReportInputException {
    // Files are read by the path as given, so that an error names them as the user did; the
    // absolute path only names the run ("." has no name of its own).
    Path absolute = path.toAbsolutePath().normalize();
    if (Files.isDirectory(path)) {
      if (ScenarioFile.isIn(path)) {
        return scenario(path, titleOf(absolute));
      }
      if (ResultFile.isIn(path)) {
        return new Run(titleOf(absolute), ResultFile.read(path.resolve(ResultFile.NAME)));
      }
      throw new ReportInputException(
          path
              + " is neither a result directory (with "
              + ResultFile.NAME
              + ") nor a scenario directory (with "
              + ScenarioFile.NAME
              + ")");
    }
    if (!Files.exists(path)) {
      throw new ReportInputException(path + ": no such file or directory");
    }
    Path parent = absolute.getParent();
    return new Run(titleOf(parent == null ? absolute : parent), ResultFile.read(path));
  }

  private static Scenario scenario(Path dir, String title) throws ReportInputException {
    ScenarioIndex scenario = ScenarioFile.read(dir.resolve(ScenarioFile.NAME));
    List<CellRun> cells = new ArrayList<>();
    for (ScenarioIndex.Cell cell : scenario.cells()) {
      // A cell that failed before its run has no directory or no result in it: a row, no run.
      Path cellDir = cell.dir() == null ? null : dir.resolve(cell.dir()).normalize();
      boolean hasResult = cellDir != null && ResultFile.isIn(cellDir);
      cells.add(
          new CellRun(cell, hasResult ? ResultFile.read(cellDir.resolve(ResultFile.NAME)) : null));
    }
    return new Scenario(title, scenario, cells);
  }

  private static String titleOf(Path dir) {
    Path name = dir.getFileName();
    return name == null ? dir.toString() : name.toString();
  }
}
