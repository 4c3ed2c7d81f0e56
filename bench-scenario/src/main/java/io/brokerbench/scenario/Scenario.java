package io.brokerbench.scenario;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A scenario file as read: a driver with its options, a base workload, the axes to vary, and how to
 * run the cells. Immutable; every setting keeps its {@link Position}, so that a value a cell's
 * workload or driver rejects is reported at the line that wrote it.
 *
 * <pre>{@code
 * Scenario scenario = Scenario.load(Path.of("scenarios/meltwater-cluster.yaml"));
 * for (Cell cell : scenario.cells()) {
 *   Workload workload = cell.workload().toWorkload();
 *   RunResult result = BenchmarkRun.builder(workload).driver(cell.driver(), cell.driverOptions())
 *       .build().run();
 * }
 * }</pre>
 *
 * @param name the scenario's name
 * @param file the file it was read from
 * @param driver the driver's name, or null when an axis named {@code driver} gives it
 * @param driverPosition where the driver was written (the file's first line when not written)
 * @param driverOptions options of {@link #driver}
 * @param workload the base workload, which every cell starts from
 * @param cellLength {@code duration} or {@code count} of each cell, over the base workload
 * @param axes the axes, the first varying slowest
 * @param exclusions combinations of axis values not run
 * @param repetitions how many times each combination of axis values runs
 * @param freshQueues give each cell its own queue names, so no cell sees another's leftovers
 * @param assertions threshold expressions, kept as written
 * @param shortSettings workload settings of the short variant, empty for the built-in scaling
 * @param maxRate the {@code max-rate:} section, or null
 * @param shortVariant true when {@link #cells()} gives the short variant ({@link #asShort()})
 * @param setups the broker set-ups the file names, in order
 * @param setup the set-up of every cell whose axis values name none, or null
 * @param latency the latency kind (its {@code result.json} key) the report's table and charts lead
 *     with, or null for the one that follows from the workload
 * @param latencyBound the bound under which the report gives the share of that latency's values, or
 *     null
 */
public record Scenario(
    String name,
    Path file,
    String driver,
    Position driverPosition,
    List<Setting> driverOptions,
    List<Setting> workload,
    List<Setting> cellLength,
    List<Axis> axes,
    List<Exclusion> exclusions,
    int repetitions,
    boolean freshQueues,
    List<String> assertions,
    List<Setting> shortSettings,
    MaxRateSettings maxRate,
    boolean shortVariant,
    List<BrokerSetup> setups,
    String setup,
    String latency,
    Duration latencyBound) {

  /** Copies the lists. */
  public Scenario {
    driverOptions = List.copyOf(driverOptions);
    workload = List.copyOf(workload);
    cellLength = List.copyOf(cellLength);
    axes = List.copyOf(axes);
    exclusions = List.copyOf(exclusions);
    assertions = List.copyOf(assertions);
    shortSettings = List.copyOf(shortSettings);
    setups = List.copyOf(setups);
  }

  /** The set-up of this name; null when the file has none of that name. */
  public BrokerSetup setup(String setupName) {
    return setups.stream().filter(s -> s.name().equals(setupName)).findFirst().orElse(null);
  }

  /**
   * Reads a scenario file and checks every cell: each cell's workload, its driver and its driver
   * options' names, before anything runs.
   *
   * @throws ScenarioException naming the file, line and key of the first mistake
   * @throws IOException when the file cannot be read
   */
  public static Scenario load(Path file) throws IOException {
    Scenario scenario = ScenarioFile.read(file);
    scenario.cells();
    return scenario;
  }

  /**
   * This scenario's short variant: each cell lasts a few seconds (for CI), by the file's {@code
   * short:} settings or, without them, by {@link ShortVariant}'s scaling; axes given short values
   * ({@code short: {axes: {rate: [..]}}}) take them, labelled as they are.
   *
   * @throws ScenarioException when a short cell is not a valid workload
   */
  public Scenario asShort() {
    Scenario shortened =
        new Scenario(
            name,
            file,
            driver,
            driverPosition,
            driverOptions,
            workload,
            cellLength,
            axes.stream().map(Axis::shortened).toList(),
            exclusions.stream().map(this::shortened).toList(),
            repetitions,
            freshQueues,
            assertions,
            shortSettings,
            maxRate,
            true,
            setups,
            setup,
            latency,
            latencyBound);
    shortened.cells();
    return shortened;
  }

  /** An exclusion of the full variant, in the short variant's labels. */
  private Exclusion shortened(Exclusion exclusion) {
    Map<String, String> labels = new LinkedHashMap<>();
    exclusion
        .labels()
        .forEach(
            (axis, label) ->
                labels.put(
                    axis,
                    axes.stream()
                        .filter(a -> a.name().equals(axis))
                        .findFirst()
                        .map(a -> a.shortLabel(label))
                        .orElse(label)));
    return new Exclusion(labels, exclusion.position());
  }

  /**
   * The cells: the cartesian product of the axes' values (the first axis varying slowest) less the
   * excluded combinations, each repeated {@link #repetitions} times. A cell whose workload names no
   * queue leaves it unset, so that each workload made from it gets a queue of its own; a scenario
   * run names them with {@link #cells(String)}.
   *
   * @throws ScenarioException when a cell's workload or driver options are not valid
   */
  public List<Cell> cells() {
    return CellExpansion.expand(this, null);
  }

  /**
   * The cells of the scenario run with this id: as {@link #cells()}, but a cell whose workload
   * names no queue uses {@code brokerbench-<runId>}, with {@code -cNNN} added under {@link
   * #freshQueues}, so that the run's cells never share a queue with another run's.
   *
   * @throws ScenarioException when a cell's workload or driver options are not valid
   */
  public List<Cell> cells(String runId) {
    return CellExpansion.expand(this, runId);
  }
}
