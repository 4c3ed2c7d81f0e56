package io.brokerbench.htmlreport;

import io.brokerbench.result.ScenarioIndex;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Several runs of one scenario, each on its own set-up (Meltwater's study ran one file on each of
 * its clusters), shown as one scenario with a first axis {@value #AXIS} whose values are the runs'
 * directory names: one table, and a series per set-up in every chart, rather than sections of the
 * same title side by side.
 */
final class ScenarioSetups {
  /** The axis that names each run's set-up. */
  static final String AXIS = "setup";

  private ScenarioSetups() {}

  /**
   * The inputs with the scenarios of one name merged into one, at the place of the first; runs and
   * scenarios given once are kept as they are.
   */
  static List<ReportInput> merged(List<ReportInput> inputs) {
    Map<String, List<ReportInput.Scenario>> byName = new LinkedHashMap<>();
    for (ReportInput input : inputs) {
      if (input instanceof ReportInput.Scenario scenario) {
        byName.computeIfAbsent(scenario.scenario().name(), k -> new ArrayList<>()).add(scenario);
      }
    }
    List<ReportInput> merged = new ArrayList<>();
    Set<String> done = new HashSet<>();
    for (ReportInput input : inputs) {
      if (!(input instanceof ReportInput.Scenario scenario)) {
        merged.add(input);
        continue;
      }
      List<ReportInput.Scenario> runs = byName.get(scenario.scenario().name());
      if (runs.size() == 1) {
        merged.add(input);
      } else if (done.add(scenario.scenario().name())) {
        merged.add(bySetup(runs));
      }
    }
    return merged;
  }

  /** The runs as one scenario whose first axis is the set-up. */
  private static ReportInput.Scenario bySetup(List<ReportInput.Scenario> runs) {
    List<String> setups = labels(runs);
    ScenarioIndex first = runs.get(0).scenario();
    List<ScenarioIndex.Axis> axes = new ArrayList<>();
    axes.add(new ScenarioIndex.Axis(AXIS, setups));
    axes.addAll(first.axes());
    List<ReportInput.CellRun> cells = new ArrayList<>();
    List<ScenarioIndex.Cell> index = new ArrayList<>();
    for (int r = 0; r < runs.size(); r++) {
      for (ReportInput.CellRun cellRun : runs.get(r).cells()) {
        ScenarioIndex.Cell cell = cellRun.cell();
        Map<String, String> cellAxes = new LinkedHashMap<>();
        cellAxes.put(AXIS, setups.get(r));
        cellAxes.putAll(cell.axes());
        ScenarioIndex.Cell renamed =
            new ScenarioIndex.Cell(
                cells.size(),
                setups.get(r) + ": " + cell.id(),
                cellAxes,
                cell.repetition(),
                cell.dir(),
                cell.status(),
                setups.get(r));
        index.add(renamed);
        cells.add(new ReportInput.CellRun(renamed, cellRun.result()));
      }
    }
    ScenarioIndex scenario =
        new ScenarioIndex(
            first.schema(),
            first.name(),
            first.file(),
            first.runId(),
            axes,
            index,
            runs.stream().flatMap(run -> run.scenario().setups().stream()).distinct().toList(),
            first.latency(),
            first.latencyBoundMillis());
    return new ReportInput.Scenario(String.join(", ", setups), scenario, cells);
  }

  /** Each run's directory name, made unique by its position where two share one. */
  private static List<String> labels(List<ReportInput.Scenario> runs) {
    List<String> labels = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (int r = 0; r < runs.size(); r++) {
      String label = runs.get(r).title();
      labels.add(seen.add(label) ? label : label + " #" + (r + 1));
    }
    return labels;
  }
}
