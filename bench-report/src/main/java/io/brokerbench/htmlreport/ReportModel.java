package io.brokerbench.htmlreport;

import java.util.ArrayList;
import java.util.List;

/**
 * Everything the page shows, embedded in it as JSON: the inputs in the order given.
 *
 * @param title the page title
 * @param generated when the report was written, ISO-8601
 * @param runs the single runs given as inputs
 * @param scenarios the scenarios given as inputs
 * @param order the element ids of runs and scenarios in the order of the inputs
 * @param comparisons comparisons of candidate runs with their baselines, shown first
 */
record ReportModel(
    String title,
    String generated,
    List<RunView> runs,
    List<ScenarioView> scenarios,
    List<String> order,
    List<ComparisonView> comparisons) {

  /**
   * The model of these inputs and comparisons; runs of one scenario on several set-ups are shown as
   * one ({@link ScenarioSetups}).
   */
  static ReportModel of(
      List<ReportInput> inputs,
      List<io.brokerbench.compare.RunComparison> comparisons,
      String generated) {
    List<RunView> runs = new ArrayList<>();
    List<ScenarioView> scenarios = new ArrayList<>();
    List<String> order = new ArrayList<>();
    for (ReportInput input : ScenarioSetups.merged(inputs)) {
      String id = "input" + order.size();
      order.add(id);
      if (input instanceof ReportInput.Run run) {
        runs.add(RunView.of(id, run.title(), run.result()));
      } else if (input instanceof ReportInput.Scenario scenario) {
        scenarios.add(ScenarioView.of(id, scenario));
      }
    }
    return new ReportModel(
        title(ScenarioSetups.merged(inputs)),
        generated,
        runs,
        scenarios,
        order,
        comparisons.stream().map(ComparisonView::of).toList());
  }

  private static String title(List<ReportInput> inputs) {
    List<String> names =
        inputs.stream()
            .map(
                input ->
                    input instanceof ReportInput.Scenario scenario
                        ? scenario.scenario().name()
                        : ((ReportInput.Run) input).title())
            .toList();
    return "brokerbench report: " + String.join(", ", names);
  }
}
