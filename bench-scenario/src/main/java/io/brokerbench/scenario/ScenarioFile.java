package io.brokerbench.scenario;

import io.brokerbench.threshold.Threshold;
import io.brokerbench.threshold.ThresholdException;
import io.brokerbench.workload.DurationSyntax;
import io.brokerbench.workload.WorkloadException;
import io.brokerbench.workload.WorkloadOption;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;

/**
 * Reads a scenario file's YAML into a {@link Scenario}, checking its shape: known keys, the right
 * type for each, and each workload value's syntax. Reads SnakeYAML's node tree rather than Java
 * objects because nodes keep their lines, which every error message names.
 */
final class ScenarioFile {
  private static final List<String> KEYS =
      List.of(
          "name",
          "description",
          "driver",
          "options",
          "workload",
          "axes",
          "exclude",
          "repetitions",
          "duration",
          "count",
          "fresh-queues",
          "assert",
          "short",
          "max-rate",
          "setups",
          "setup",
          "latency",
          "latency-bound");
  private static final List<String> AXIS_KEYS = List.of("name", "values");

  /** The latencies a file may name for its report to lead with, by their result.json keys. */
  private static final List<String> LEADING_LATENCIES =
      List.of("e2e", "confirm", "rtt", "s2c", "connect");

  private static final List<String> VALUE_KEYS =
      List.of("value", "label", "workload", "options", "setup");
  private static final List<String> SETUP_KEYS =
      List.of("start", "stop", "start-timeout", "options", "settings", "stands-in-for");

  private final Path file;
  private final YamlNodes yaml;

  private ScenarioFile(Path file) {
    this.file = file;
    this.yaml = new YamlNodes(file);
  }

  /**
   * Reads and checks the file's shape; the cells are checked by {@link Scenario#cells()}.
   *
   * @throws ScenarioException naming the file, line and key of the first mistake
   * @throws IOException when the file cannot be read
   */
  static Scenario read(Path file) throws IOException {
    return new ScenarioFile(file).read();
  }

  private Scenario read() throws IOException {
    Node root;
    try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      root = new Yaml(new LoaderOptions()).compose(reader);
    } catch (MarkedYAMLException e) {
      Mark mark = e.getProblemMark() != null ? e.getProblemMark() : e.getContextMark();
      int line = mark == null ? 1 : mark.getLine() + 1;
      throw new ScenarioException(
          new Position(file, line, "yaml"), "not valid YAML: " + oneLine(e.getProblem()));
    }
    if (root == null) {
      throw new ScenarioException(new Position(file, 1, "name"), "the file is empty");
    }
    Map<String, NodeTuple> top = yaml.mapping(root, "scenario", KEYS);
    String name = yaml.required(top, root, "name");
    String driver = yaml.optionalScalar(top, "driver");
    Position driverPosition =
        top.containsKey("driver")
            ? yaml.keyPosition(top.get("driver"))
            : yaml.position(root, "driver");
    List<Setting> options = settings(top.get("options"), "options", false);
    List<Setting> workload = settings(top.get("workload"), "workload", true);
    List<Setting> cellLength = new ArrayList<>();
    for (String key : List.of("duration", "count")) {
      NodeTuple tuple = top.get(key);
      if (tuple != null) {
        cellLength.add(
            workloadSetting(key, yaml.scalar(tuple.getValueNode(), key), yaml.keyPosition(tuple)));
      }
    }
    List<BrokerSetup> setups = setups(top.get("setups"));
    String setup = yaml.optionalScalar(top, "setup");
    if (setup != null) {
      checkSetupNamed(setups, setup, yaml.keyPosition(top.get("setup")));
    }
    List<Axis> axes = axes(top.get("axes"));
    for (Axis axis : axes) {
      for (AxisValue value : axis.values()) {
        if (value.setup() != null) {
          checkSetupNamed(setups, value.setup(), value.position());
        }
      }
    }
    List<Exclusion> exclusions = exclusions(top.get("exclude"), axes);
    if (driver == null && axes.stream().noneMatch(a -> a.kind() == Axis.Kind.DRIVER)) {
      throw new ScenarioException(
          driverPosition, "missing: name a driver (driver: amqp091) or give an axis named driver");
    }
    int repetitions = 1;
    if (top.containsKey("repetitions")) {
      repetitions = yaml.positiveInt(top.get("repetitions"), "repetitions");
    }
    boolean freshQueues = true;
    if (top.containsKey("fresh-queues")) {
      freshQueues = yaml.bool(top.get("fresh-queues"), "fresh-queues");
    }
    List<String> assertions = new ArrayList<>();
    if (top.containsKey("assert")) {
      Node node = top.get("assert").getValueNode();
      for (Node item : yaml.sequence(node, "assert")) {
        String assertion = yaml.scalar(item, "assert");
        try {
          Threshold.parse(assertion);
        } catch (ThresholdException e) {
          throw new ScenarioException(yaml.position(item, "assert"), e.getMessage());
        }
        assertions.add(assertion);
      }
    }
    List<Setting> shortSettings = new ArrayList<>();
    if (top.containsKey("short")) {
      Map<String, NodeTuple> shortMap =
          yaml.mapping(top.get("short").getValueNode(), "short", null);
      NodeTuple shortAxes = shortMap.remove("axes");
      shortSettings = settings(shortMap, true);
      axes = withShortValues(axes, shortAxes);
      checkShortKeepsTheAxes(shortSettings, axes);
    }
    MaxRateSettings maxRate = null;
    if (top.containsKey("max-rate")) {
      maxRate = maxRate(top.get("max-rate"));
    }
    String latency = yaml.optionalScalar(top, "latency");
    if (latency != null && !LEADING_LATENCIES.contains(latency)) {
      throw new ScenarioException(
          yaml.keyPosition(top.get("latency")),
          "latency: '"
              + latency
              + "' is not a latency the report can lead with; use one of "
              + String.join(", ", LEADING_LATENCIES));
    }
    Duration latencyBound = null;
    if (top.containsKey("latency-bound")) {
      try {
        latencyBound =
            DurationSyntax.parse(
                yaml.scalar(top.get("latency-bound").getValueNode(), "latency-bound"));
      } catch (WorkloadException e) {
        throw new ScenarioException(yaml.keyPosition(top.get("latency-bound")), e.getMessage());
      }
      if (latencyBound.isZero() || latencyBound.isNegative()) {
        throw new ScenarioException(
            yaml.keyPosition(top.get("latency-bound")),
            "latency-bound: give a positive duration, such as 20ms");
      }
    }
    return new Scenario(
        name,
        file,
        driver,
        driverPosition,
        options,
        workload,
        cellLength,
        axes,
        exclusions,
        repetitions,
        freshQueues,
        assertions,
        shortSettings,
        maxRate,
        false,
        setups,
        setup,
        latency,
        latencyBound);
  }

  /** The {@code setups:} map: each set-up's commands, options and recorded settings. */
  private List<BrokerSetup> setups(NodeTuple tuple) {
    List<BrokerSetup> setups = new ArrayList<>();
    if (tuple == null) {
      return setups;
    }
    for (Map.Entry<String, NodeTuple> named :
        yaml.mapping(tuple.getValueNode(), "setups", null).entrySet()) {
      String name = named.getKey();
      Position position = yaml.keyPosition(named.getValue());
      Map<String, NodeTuple> map = yaml.mapping(named.getValue().getValueNode(), name, SETUP_KEYS);
      Duration startTimeout = BrokerSetup.DEFAULT_START_TIMEOUT;
      if (map.containsKey("start-timeout")) {
        try {
          startTimeout =
              DurationSyntax.parse(
                  yaml.scalar(map.get("start-timeout").getValueNode(), "start-timeout"));
        } catch (WorkloadException e) {
          throw new ScenarioException(yaml.keyPosition(map.get("start-timeout")), e.getMessage());
        }
      }
      List<Setting> options = new ArrayList<>();
      Map<String, List<Setting>> driverOptions = new LinkedHashMap<>();
      if (map.containsKey("options")) {
        // A key whose value is a map names a driver: its options are that driver's only.
        for (Map.Entry<String, NodeTuple> option :
            yaml.mapping(map.get("options").getValueNode(), "options", null).entrySet()) {
          if (option.getValue().getValueNode() instanceof MappingNode) {
            driverOptions.put(option.getKey(), settings(option.getValue(), option.getKey(), false));
          } else {
            options.add(
                new Setting(
                    option.getKey(),
                    yaml.scalarOrList(option.getValue().getValueNode(), option.getKey()),
                    yaml.keyPosition(option.getValue())));
          }
        }
      }
      Map<String, String> settings = new LinkedHashMap<>();
      if (map.containsKey("settings")) {
        for (Map.Entry<String, NodeTuple> setting :
            yaml.mapping(map.get("settings").getValueNode(), "settings", null).entrySet()) {
          settings.put(
              setting.getKey(),
              yaml.scalarOrList(setting.getValue().getValueNode(), setting.getKey()));
        }
      }
      setups.add(
          new BrokerSetup(
              name,
              yaml.optionalScalar(map, "start"),
              yaml.optionalScalar(map, "stop"),
              startTimeout,
              options,
              driverOptions,
              settings,
              yaml.optionalScalar(map, "stands-in-for"),
              position));
    }
    return setups;
  }

  private static void checkSetupNamed(List<BrokerSetup> setups, String name, Position position) {
    if (setups.stream().noneMatch(s -> s.name().equals(name))) {
      throw new ScenarioException(
          position,
          "no set-up named '"
              + name
              + "': "
              + (setups.isEmpty()
                  ? "name it under setups: with its start and stop commands and options"
                  : "the set-ups are "
                      + setups.stream().map(BrokerSetup::name).collect(Collectors.joining(", "))));
    }
  }

  /** The {@code exclude:} entries, each naming axes of this file and labels of their values. */
  private List<Exclusion> exclusions(NodeTuple tuple, List<Axis> axes) {
    List<Exclusion> exclusions = new ArrayList<>();
    if (tuple == null) {
      return exclusions;
    }
    for (Node entry : yaml.sequence(tuple.getValueNode(), "exclude")) {
      Map<String, NodeTuple> map = yaml.mapping(entry, "exclude", null);
      if (map.isEmpty()) {
        throw new ScenarioException(
            yaml.position(entry, "exclude"), "an empty entry would exclude every cell: name axes");
      }
      Map<String, String> labels = new LinkedHashMap<>();
      for (Map.Entry<String, NodeTuple> named : map.entrySet()) {
        Position position = yaml.keyPosition(named.getValue());
        Axis axis =
            axes.stream()
                .filter(a -> a.name().equals(named.getKey()))
                .findFirst()
                .orElseThrow(
                    () ->
                        new ScenarioException(
                            position,
                            "no axis named '"
                                + named.getKey()
                                + "': the axes are "
                                + axes.stream().map(Axis::name).collect(Collectors.joining(", "))));
        String label = yaml.scalar(named.getValue().getValueNode(), named.getKey());
        List<String> known = axis.values().stream().map(AxisValue::label).toList();
        if (!known.contains(label)) {
          throw new ScenarioException(
              position,
              "axis "
                  + axis.name()
                  + " has no value '"
                  + label
                  + "': its values are "
                  + String.join(", ", known));
        }
        labels.put(axis.name(), label);
      }
      exclusions.add(new Exclusion(labels, yaml.position(entry, "exclude")));
    }
    return exclusions;
  }

  private List<Axis> axes(NodeTuple tuple) {
    List<Axis> axes = new ArrayList<>();
    if (tuple == null) {
      return axes;
    }
    Set<String> names = new HashSet<>();
    for (Node axisNode : yaml.sequence(tuple.getValueNode(), "axes")) {
      Map<String, NodeTuple> axis = yaml.mapping(axisNode, "axes", AXIS_KEYS);
      String name = yaml.required(axis, axisNode, "name");
      Position position = yaml.keyPosition(axis.get("name"));
      if (!names.add(name)) {
        throw new ScenarioException(position, "axis '" + name + "' is given twice");
      }
      if (!axis.containsKey("values")) {
        throw new ScenarioException(
            position, "axis '" + name + "' has no values: add values: [..]");
      }
      List<AxisValue> values = new ArrayList<>();
      Set<String> labels = new HashSet<>();
      for (Node valueNode : yaml.sequence(axis.get("values").getValueNode(), "values")) {
        AxisValue value = axisValue(valueNode);
        if (!labels.add(value.label())) {
          throw new ScenarioException(
              value.position(),
              "value '" + value.label() + "' of axis " + name + " is given twice: give it a label");
        }
        values.add(value);
      }
      if (values.isEmpty()) {
        throw new ScenarioException(position, "axis '" + name + "' has no values");
      }
      Axis.Kind kind = kind(name, values);
      if (kind == Axis.Kind.WORKLOAD) {
        values.forEach(v -> workloadSetting(name, v.value(), v.position()));
      } else if (kind == Axis.Kind.SETUP) {
        // Each value names the set-up its cells run on.
        values =
            values.stream()
                .map(
                    v ->
                        new AxisValue(
                            v.value(),
                            v.label(),
                            v.workload(),
                            v.options(),
                            v.value(),
                            v.position()))
                .toList();
      }
      axes.add(new Axis(name, kind, values, List.of(), position));
    }
    return axes;
  }

  /**
   * What an axis varies: an axis whose values are all maps without a {@code value} only labels
   * their settings (any name); otherwise its name says.
   */
  private static Axis.Kind kind(String name, List<AxisValue> values) {
    long labelled = values.stream().filter(v -> v.value() == null).count();
    if (labelled == values.size()) {
      return Axis.Kind.LABEL;
    }
    if (labelled > 0) {
      AxisValue first = values.stream().filter(v -> v.value() == null).findFirst().orElseThrow();
      throw new ScenarioException(
          first.position(),
          "give every value of axis " + name + " a value, or none (an axis of labelled settings)");
    }
    if (name.equals(Axis.DRIVER)) {
      return Axis.Kind.DRIVER;
    }
    if (name.equals(Axis.SETUP)) {
      return Axis.Kind.SETUP;
    }
    try {
      WorkloadOption.named(name);
      return Axis.Kind.WORKLOAD;
    } catch (WorkloadException e) {
      // Not a workload option: the expansion checks it against each cell's driver.
      return Axis.Kind.DRIVER_OPTION;
    }
  }

  /** A plain value, or a map: {@code value} (or only {@code label}) with its settings. */
  private AxisValue axisValue(Node node) {
    Position position = yaml.position(node, "values");
    if (!(node instanceof MappingNode)) {
      String value = yaml.scalarOrList(node, "values");
      return new AxisValue(value, value, List.of(), List.of(), null, position);
    }
    Map<String, NodeTuple> map = yaml.mapping(node, "values", VALUE_KEYS);
    if (!map.containsKey("value") && !map.containsKey("label")) {
      throw new ScenarioException(position, "give the value (value: ...) or a label (label: ...)");
    }
    String value = map.containsKey("value") ? yaml.required(map, node, "value") : null;
    String label = map.containsKey("label") ? yaml.required(map, node, "label") : value;
    NodeTuple named = map.containsKey("value") ? map.get("value") : map.get("label");
    return new AxisValue(
        value,
        label,
        settings(map.get("workload"), "workload", true),
        settings(map.get("options"), "options", false),
        yaml.optionalScalar(map, "setup"),
        yaml.keyPosition(named));
  }

  private MaxRateSettings maxRate(NodeTuple tuple) {
    Map<String, NodeTuple> map =
        yaml.mapping(tuple.getValueNode(), "max-rate", MaxRateSettings.KEYS);
    Map<String, String> texts = new LinkedHashMap<>();
    for (Map.Entry<String, NodeTuple> entry : map.entrySet()) {
      texts.put(entry.getKey(), yaml.scalarOrList(entry.getValue().getValueNode(), entry.getKey()));
    }
    try {
      return MaxRateSettings.of(texts);
    } catch (MaxRateSettings.InvalidSetting e) {
      throw new ScenarioException(yaml.keyPosition(map.get(e.key())), e.reason());
    }
  }

  /**
   * The axes with the short variant's values of those {@code short: {axes: ...}} names: as many as
   * the axis has, each valid for it, for an axis of a workload or driver option's plain values.
   */
  private List<Axis> withShortValues(List<Axis> axes, NodeTuple tuple) {
    if (tuple == null) {
      return axes;
    }
    Map<String, NodeTuple> named = yaml.mapping(tuple.getValueNode(), "axes", null);
    List<Axis> result = new ArrayList<>();
    for (Axis axis : axes) {
      NodeTuple entry = named.remove(axis.name());
      if (entry == null) {
        result.add(axis);
        continue;
      }
      Position position = yaml.keyPosition(entry);
      if (axis.kind() != Axis.Kind.WORKLOAD && axis.kind() != Axis.Kind.DRIVER_OPTION) {
        throw new ScenarioException(
            position,
            "axis "
                + axis.name()
                + " has labelled values: give its short variant's settings in each value instead");
      }
      List<String> values = new ArrayList<>();
      for (Node node : yaml.sequence(entry.getValueNode(), axis.name())) {
        String value = yaml.scalarOrList(node, axis.name());
        if (axis.kind() == Axis.Kind.WORKLOAD) {
          workloadSetting(axis.name(), value, yaml.position(node, axis.name()));
        }
        values.add(value);
      }
      if (values.size() != axis.values().size() || new HashSet<>(values).size() != values.size()) {
        throw new ScenarioException(
            position,
            "give axis "
                + axis.name()
                + " "
                + axis.values().size()
                + " different short values, one for each of "
                + String.join(", ", axis.labels()));
      }
      result.add(new Axis(axis.name(), axis.kind(), axis.values(), values, axis.position()));
    }
    if (!named.isEmpty()) {
      Map.Entry<String, NodeTuple> unknown = named.entrySet().iterator().next();
      throw new ScenarioException(
          yaml.keyPosition(unknown.getValue()),
          "no axis named '"
              + unknown.getKey()
              + "': the axes are "
              + axes.stream().map(Axis::name).collect(Collectors.joining(", ")));
    }
    return result;
  }

  /**
   * A short setting may not set what an axis varies: its cells would all run the one value under
   * the axis's different labels.
   */
  private static void checkShortKeepsTheAxes(List<Setting> shortSettings, List<Axis> axes) {
    for (Setting setting : shortSettings) {
      for (Axis axis : axes) {
        if (axis.kind() == Axis.Kind.WORKLOAD
            && WorkloadOption.named(axis.name()) == WorkloadOption.named(setting.name())) {
          throw new ScenarioException(
              setting.position(),
              "sets what axis "
                  + axis.name()
                  + " varies: every short cell would run "
                  + setting.text()
                  + " under the axis's labels; give the axis short values instead (short: {axes: {"
                  + axis.name()
                  + ": [..]}})");
        }
      }
    }
  }

  /**
   * The {@code name: value} pairs of a map of settings.
   *
   * @param workload true to check each name and value as a workload option's
   */
  private List<Setting> settings(NodeTuple tuple, String key, boolean workload) {
    if (tuple == null) {
      return new ArrayList<>();
    }
    return settings(yaml.mapping(tuple.getValueNode(), key, null), workload);
  }

  private List<Setting> settings(Map<String, NodeTuple> map, boolean workload) {
    List<Setting> settings = new ArrayList<>();
    for (Map.Entry<String, NodeTuple> entry : map.entrySet()) {
      Position position = yaml.keyPosition(entry.getValue());
      String text = yaml.scalarOrList(entry.getValue().getValueNode(), entry.getKey());
      settings.add(
          workload
              ? workloadSetting(entry.getKey(), text, position)
              : new Setting(entry.getKey(), text, position));
    }
    return settings;
  }

  /** A workload setting whose name and value are checked now, so the error names its line. */
  private static Setting workloadSetting(String name, String text, Position position) {
    try {
      WorkloadOption.named(name).parse(text);
    } catch (WorkloadException e) {
      throw new ScenarioException(position, e.getMessage());
    }
    return new Setting(name, text, position);
  }

  private static String oneLine(String text) {
    return text == null ? "" : text.replaceAll("\\s+", " ").trim();
  }
}
