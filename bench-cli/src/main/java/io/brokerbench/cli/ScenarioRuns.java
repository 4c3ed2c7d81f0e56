package io.brokerbench.cli;

import io.brokerbench.report.RunDirectory;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.ScenarioIndex;
import io.brokerbench.workload.WorkloadException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The runs of a scenario's output directory by combination of axis values: a combination's
 * repetitions are its runs ({@code 003-rate=1000-rep=0}, {@code -rep=1}, … are {@code
 * 003-rate=1000}), as {@code bench compare} pairs them and {@code bench scenario run} summarizes
 * them.
 */
final class ScenarioRuns {
  private ScenarioRuns() {}

  /**
   * Each combination's completed runs, keyed by its axis values, in the index's order; a
   * combination with no result yet is left out.
   *
   * @throws WorkloadException when the directory holds no scenario index
   */
  static Map<Map<String, String>, Combination> of(Path root) {
    ScenarioIndex index = index(root);
    Map<Map<String, String>, Combination> combinations = new LinkedHashMap<>();
    for (ScenarioIndex.Cell cell : index.cells()) {
      if (combinations.containsKey(cell.axes())) {
        continue;
      }
      List<RunResult> runs =
          index.cells().stream()
              .filter(c -> c.axes().equals(cell.axes()))
              .map(c -> root.resolve(c.dir()))
              .filter(dir -> RunDirectory.of(dir).hasResult())
              .map(ResultFiles::read)
              .toList();
      if (!runs.isEmpty()) {
        combinations.put(cell.axes(), new Combination(withoutRepetition(cell.id()), runs));
      }
    }
    return combinations;
  }

  /**
   * One combination of axis values and its runs.
   *
   * @param name its first cell's id without the repetition
   * @param runs the results of its repetitions that have one
   */
  record Combination(String name, List<RunResult> runs) {}

  /** A cell's id without its repetition ({@code 003-rate=1000-rep=2} is {@code 003-rate=1000}). */
  private static String withoutRepetition(String cellId) {
    return cellId.replaceFirst("-rep=\\d+$", "");
  }

  private static ScenarioIndex index(Path dir) {
    try {
      return ScenarioIndex.read(dir);
    } catch (IOException e) {
      throw new WorkloadException(
          dir.resolve(ScenarioIndex.FILE) + " is not a scenario index: " + e.getMessage());
    }
  }
}
