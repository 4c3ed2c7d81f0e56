package io.brokerbench.scenario;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which cells of a scenario to run, as a user names them on the command line ({@code bench scenario
 * run FILE --only queue-type=quorum,driver=4.0.5-amqp10-credit200 --only 3}): a selector is either
 * a cell's number as the progress lines print it ({@code cell 3/22}) or axis labels, all of which a
 * cell must carry, written as a scenario's {@code exclude:} entries are. A cell runs when any
 * selector picks it. Cells left out keep their status in the scenario's index, so a later run of
 * the whole file resumes with them.
 *
 * <pre>{@code
 * CellSelection only = CellSelection.parse(scenario, List.of("queue-type=classic"));
 * List<Cell> cells = only.of(scenario.cells());
 * }</pre>
 */
public final class CellSelection {
  private final List<Map<String, String>> labelSelectors;
  private final List<Integer> numbers;

  private CellSelection(List<Map<String, String>> labelSelectors, List<Integer> numbers) {
    this.labelSelectors = labelSelectors;
    this.numbers = numbers;
  }

  /** Every cell. */
  public static CellSelection all() {
    return new CellSelection(List.of(), List.of());
  }

  /**
   * Reads selectors against the scenario's axes and cells; none selects every cell.
   *
   * @throws ScenarioException naming the selector, and what it may name instead, when it names an
   *     axis or label the scenario does not have, a cell number out of range, or no cell at all
   */
  public static CellSelection parse(Scenario scenario, List<String> selectors) {
    List<Map<String, String>> labels = new ArrayList<>();
    List<Integer> numbers = new ArrayList<>();
    int cellCount = scenario.cells().size();
    for (String selector : selectors) {
      String text = selector.strip();
      if (text.chars().allMatch(Character::isDigit) && !text.isEmpty()) {
        int number = Integer.parseInt(text);
        if (number < 1 || number > cellCount) {
          throw new ScenarioException(
              "--only " + text + ": the scenario has cells 1 to " + cellCount);
        }
        numbers.add(number);
      } else {
        labels.add(labels(scenario, text));
      }
    }
    CellSelection selection = new CellSelection(List.copyOf(labels), List.copyOf(numbers));
    if (!selectors.isEmpty() && selection.of(scenario.cells()).isEmpty()) {
      throw new ScenarioException(
          "--only " + String.join(" --only ", selectors) + ": no cell carries all those labels");
    }
    return selection;
  }

  private static Map<String, String> labels(Scenario scenario, String selector) {
    Map<String, String> labels = new LinkedHashMap<>();
    for (String pair : selector.split(",")) {
      int equals = pair.indexOf('=');
      if (equals <= 0) {
        throw new ScenarioException(
            "--only " + selector + ": write a cell number or axis=label[,axis=label...]");
      }
      String name = pair.substring(0, equals).strip();
      String label = pair.substring(equals + 1).strip();
      Axis axis =
          scenario.axes().stream()
              .filter(a -> a.name().equals(name))
              .findFirst()
              .orElseThrow(
                  () ->
                      new ScenarioException(
                          "--only "
                              + selector
                              + ": no axis '"
                              + name
                              + "'; the axes are "
                              + String.join(
                                  ", ", scenario.axes().stream().map(Axis::name).toList())));
      if (!axis.labels().contains(label)) {
        throw new ScenarioException(
            "--only "
                + selector
                + ": axis "
                + name
                + " has no value '"
                + label
                + "'; its values are "
                + String.join(", ", axis.labels()));
      }
      labels.put(name, label);
    }
    return labels;
  }

  /** The selected cells of {@code cells}, in their order; all of them when nothing was named. */
  public List<Cell> of(List<Cell> cells) {
    if (labelSelectors.isEmpty() && numbers.isEmpty()) {
      return cells;
    }
    return cells.stream().filter(this::selects).toList();
  }

  private boolean selects(Cell cell) {
    if (numbers.contains(cell.index() + 1)) {
      return true;
    }
    for (Map<String, String> labels : labelSelectors) {
      if (labels.entrySet().stream()
          .allMatch(e -> e.getValue().equals(cell.axes().get(e.getKey())))) {
        return true;
      }
    }
    return false;
  }
}
