package io.brokerbench.scenario;

import static io.brokerbench.workload.WorkloadOption.QUEUE;
import static io.brokerbench.workload.WorkloadOption.QUEUE_PATTERN;

import io.brokerbench.Drivers;
import io.brokerbench.spi.DriverOption;
import io.brokerbench.spi.DriverProvider;
import io.brokerbench.spi.OptionException;
import io.brokerbench.workload.RunId;
import io.brokerbench.workload.WorkloadException;
import io.brokerbench.workload.WorkloadOption;
import io.brokerbench.workload.WorkloadSpec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Turns a {@link Scenario} into its {@link Cell}s, as JMH's {@code Runner} explodes its parameter
 * matrix (less the combinations its {@link Exclusion}s name), and checks each: its driver exists,
 * the driver declares every option name the cell gives it, and the cell's workload is valid. A
 * mistake is reported at the line that wrote it.
 *
 * <p>Layers of a cell, each overriding the one before ({@link WorkloadSpec#overriddenBy}): the base
 * {@code workload}, the cell length ({@code duration}/{@code count}), each axis value's own
 * settings and the value itself, in the axes' order, then the short variant's scaling. Driver
 * options: the file's {@code options} when the cell's driver is the file's {@code driver} (they are
 * that driver's), then the cell's broker set-up's options for its driver, then each axis value's
 * {@code options}, then driver-option axes' values.
 */
final class CellExpansion {
  private final Scenario scenario;
  private final String runId;
  private final Map<String, DriverProvider> providers = new HashMap<>();

  private CellExpansion(Scenario scenario, String runId) {
    this.scenario = scenario;
    this.runId = runId;
  }

  /**
   * The scenario's cells.
   *
   * @param runId the scenario run's id, naming the queue of cells that name none; null to leave it
   *     unset
   * @throws ScenarioException for the first cell that cannot run
   */
  static List<Cell> expand(Scenario scenario, String runId) {
    return new CellExpansion(scenario, runId).cells();
  }

  private List<Cell> cells() {
    List<List<AxisValue>> combinations = new ArrayList<>();
    combinations.add(List.of());
    for (Axis axis : scenario.axes()) {
      List<List<AxisValue>> next = new ArrayList<>();
      for (List<AxisValue> combination : combinations) {
        for (AxisValue value : axis.values()) {
          List<AxisValue> longer = new ArrayList<>(combination);
          longer.add(value);
          next.add(longer);
        }
      }
      combinations = next;
    }
    combinations.removeIf(
        values ->
            scenario.exclusions().stream().anyMatch(e -> e.excludes(scenario.axes(), values)));
    if (combinations.isEmpty()) {
      throw new ScenarioException(
          scenario.exclusions().get(0).position(), "the exclusions leave no cell to run");
    }
    int total = combinations.size() * scenario.repetitions();
    int digits = Math.max(3, String.valueOf(total - 1).length());
    List<Cell> cells = new ArrayList<>();
    for (List<AxisValue> combination : combinations) {
      for (int repetition = 0; repetition < scenario.repetitions(); repetition++) {
        cells.add(cell(cells.size(), digits, combination, repetition));
      }
    }
    return List.copyOf(cells);
  }

  private Cell cell(int index, int digits, List<AxisValue> values, int repetition) {
    String number = String.format(Locale.ROOT, "%0" + digits + "d", index);
    Map<String, String> labels = new LinkedHashMap<>();
    StringBuilder id = new StringBuilder(number);
    for (int i = 0; i < values.size(); i++) {
      String axis = scenario.axes().get(i).name();
      labels.put(axis, values.get(i).label());
      id.append('-').append(pathSafe(axis)).append('=').append(pathSafe(values.get(i).label()));
    }
    if (scenario.repetitions() > 1) {
      id.append("-rep=").append(repetition);
    }
    Position blamed = values.isEmpty() ? null : values.get(values.size() - 1).position();

    String driver = scenario.driver();
    Position driverPosition = scenario.driverPosition();
    for (int i = 0; i < values.size(); i++) {
      if (scenario.axes().get(i).kind() == Axis.Kind.DRIVER) {
        driver = values.get(i).value();
        driverPosition = values.get(i).position();
      }
    }
    DriverProvider provider = provider(driver, driverPosition);

    BrokerSetup setup = scenario.setup(scenario.setup());
    for (AxisValue value : values) {
      if (value.setup() != null) {
        setup = scenario.setup(value.setup());
      }
    }

    List<Setting> options = new ArrayList<>();
    if (driver.equals(scenario.driver())) {
      options.addAll(scenario.driverOptions());
    }
    if (setup != null) {
      options.addAll(setup.optionsFor(driver));
    }
    WorkloadSpec spec = layer(WorkloadSpec.empty(), scenario.workload());
    spec = layer(spec, scenario.cellLength());
    for (int i = 0; i < values.size(); i++) {
      Axis axis = scenario.axes().get(i);
      AxisValue value = values.get(i);
      options.addAll(value.options());
      List<Setting> workload = new ArrayList<>(value.workload());
      if (axis.kind() == Axis.Kind.WORKLOAD) {
        workload.add(new Setting(axis.name(), value.value(), value.position()));
      } else if (axis.kind() == Axis.Kind.DRIVER_OPTION) {
        if (provider.options().stream().noneMatch(o -> o.name().equals(axis.name()))) {
          throw new ScenarioException(
              axis.position(),
              "axis '"
                  + axis.name()
                  + "' is neither a workload option nor an option of driver "
                  + driver
                  + " (cell "
                  + id
                  + ")");
        }
        options.add(new Setting(axis.name(), value.value(), value.position()));
      }
      spec = layer(spec, workload);
    }
    if (!spec.namesQueue() && runId != null) {
      spec = spec.with(QUEUE, RunId.defaultQueue(runId));
    }
    if (scenario.freshQueues() && spec.namesQueue()) {
      spec = withOwnQueues(spec, number);
    }
    if (scenario.shortVariant()) {
      spec =
          scenario.shortSettings().isEmpty()
              ? ShortVariant.scale(spec)
              : layer(spec, scenario.shortSettings());
    }
    Map<String, String> driverOptions = driverOptions(provider, options);
    Position workloadPosition =
        blamed != null
            ? blamed
            : scenario.workload().isEmpty()
                ? new Position(scenario.file(), 1, "workload")
                : scenario.workload().get(0).position();
    for (String flag : spec.driverFlags()) {
      boolean declared =
          provider.options().stream().anyMatch(o -> o.flag() && o.name().equals(flag));
      if (!declared) {
        throw new ScenarioException(
            workloadPosition,
            "flag '" + flag + "' is not supported by driver " + driver + ": use persistent");
      }
      driverOptions.put(flag, "true");
    }
    try {
      spec.toWorkload();
    } catch (WorkloadException e) {
      throw new ScenarioException(workloadPosition, "cell " + id + ": " + e.getMessage());
    }
    return new Cell(index, id.toString(), labels, repetition, spec, driver, driverOptions, setup);
  }

  /** The spec overridden by these settings, each checked at its own line. */
  private static WorkloadSpec layer(WorkloadSpec base, List<Setting> settings) {
    WorkloadSpec layer = WorkloadSpec.empty();
    Map<WorkloadOption<?>, Setting> given = new HashMap<>();
    for (Setting setting : settings) {
      try {
        WorkloadOption<?> option = WorkloadOption.named(setting.name());
        Setting earlier = given.put(option, setting);
        if (earlier != null && !earlier.position().equals(setting.position())) {
          throw new WorkloadException(
              earlier.name() + " and " + setting.name() + " are the same option: give one of them");
        }
        layer = layer.withText(option, setting.text());
      } catch (WorkloadException e) {
        throw new ScenarioException(setting.position(), e.getMessage());
      }
    }
    return base.overriddenBy(layer);
  }

  /**
   * The spec with queue names of this cell's own, {@code NAME-cNNN}, so that no cell receives what
   * an earlier cell (or an interrupted run of this one) left in a queue.
   */
  private static WorkloadSpec withOwnQueues(WorkloadSpec spec, String number) {
    String suffix = "-c" + number;
    if (spec.isSet(QUEUE_PATTERN)) {
      return spec.with(QUEUE_PATTERN, spec.valueOrDefault(QUEUE_PATTERN) + suffix);
    }
    return spec.with(QUEUE, spec.valueOrDefault(QUEUE) + suffix);
  }

  private Map<String, String> driverOptions(DriverProvider provider, List<Setting> settings) {
    List<String> known = provider.options().stream().map(DriverOption::name).toList();
    Map<String, String> options = new LinkedHashMap<>();
    for (Setting setting : settings) {
      if (!known.contains(setting.name())) {
        throw new ScenarioException(
            setting.position(),
            "unknown option '"
                + setting.name()
                + "' for driver "
                + provider.name()
                + (known.isEmpty()
                    ? ": it takes none"
                    : ": its options are " + String.join(", ", known)));
      }
      options.put(setting.name(), setting.text());
    }
    try {
      provider.check(options);
    } catch (OptionException e) {
      // The message starts with the option's name: blame the line that set it.
      Position blamed =
          settings.stream()
              .filter(s -> e.getMessage().startsWith(s.name()))
              .map(Setting::position)
              .reduce((first, later) -> later)
              .orElse(new Position(scenario.file(), 1, "options"));
      throw new ScenarioException(blamed, e.getMessage());
    }
    return options;
  }

  private DriverProvider provider(String driver, Position position) {
    DriverProvider provider = providers.get(driver);
    if (provider == null) {
      try {
        provider = Drivers.find(driver);
      } catch (WorkloadException e) {
        throw new ScenarioException(position, e.getMessage());
      }
      providers.put(driver, provider);
    }
    return provider;
  }

  private static String pathSafe(String text) {
    return text.replaceAll("[^A-Za-z0-9._+-]", "_");
  }
}
