package io.brokerbench.scenario;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * Reads values out of one file's SnakeYAML node tree, each of the type asked for, and words every
 * mistake as a {@link ScenarioException} naming the file, the line and the key: the generic half of
 * reading a scenario file, whose schema {@link ScenarioFile} keeps.
 */
final class YamlNodes {
  private final Path file;

  /** Nodes of {@code file}, which every position names. */
  YamlNodes(Path file) {
    this.file = file;
  }

  /**
   * The entries of a mapping node by key, in order.
   *
   * @param known the keys allowed, or null for any
   */
  Map<String, NodeTuple> mapping(Node node, String key, List<String> known) {
    if (!(node instanceof MappingNode mapping)) {
      throw new ScenarioException(
          position(node, key), "expected a map of key: value, " + found(node));
    }
    Map<String, NodeTuple> entries = new LinkedHashMap<>();
    for (NodeTuple tuple : mapping.getValue()) {
      Node keyNode = tuple.getKeyNode();
      String name = scalar(keyNode, key);
      Position position = position(keyNode, name);
      if (known != null && !known.contains(name)) {
        throw new ScenarioException(
            position,
            "unknown key"
                + (key.equals("scenario") ? "" : " in " + key)
                + ": use one of "
                + String.join(", ", known));
      }
      if (entries.put(name, tuple) != null) {
        throw new ScenarioException(position, "given twice");
      }
    }
    return entries;
  }

  List<Node> sequence(Node node, String key) {
    if (!(node instanceof SequenceNode sequence)) {
      throw new ScenarioException(position(node, key), "expected a list, " + found(node));
    }
    return sequence.getValue();
  }

  String scalar(Node node, String key) {
    if (!(node instanceof ScalarNode scalar)) {
      throw new ScenarioException(position(node, key), "expected a single value, " + found(node));
    }
    return scalar.getValue();
  }

  /** A value, or a list of values joined with commas (as {@code rate-steps} and {@code flag}). */
  String scalarOrList(Node node, String key) {
    if (node instanceof SequenceNode sequence) {
      return sequence.getValue().stream()
          .map(item -> scalar(item, key))
          .collect(Collectors.joining(","));
    }
    return scalar(node, key);
  }

  String required(Map<String, NodeTuple> map, Node parent, String key) {
    NodeTuple tuple = map.get(key);
    if (tuple == null) {
      throw new ScenarioException(position(parent, key), "missing");
    }
    String value = scalar(tuple.getValueNode(), key);
    if (value.isBlank()) {
      throw new ScenarioException(keyPosition(tuple), "empty");
    }
    return value;
  }

  String optionalScalar(Map<String, NodeTuple> map, String key) {
    NodeTuple tuple = map.get(key);
    return tuple == null ? null : scalar(tuple.getValueNode(), key);
  }

  int positiveInt(NodeTuple tuple, String key) {
    String text = scalar(tuple.getValueNode(), key);
    try {
      int value = Integer.parseInt(text.trim());
      if (value >= 1) {
        return value;
      }
    } catch (NumberFormatException e) {
      // Worded below, with the other wrong values.
    }
    throw new ScenarioException(
        keyPosition(tuple), "'" + text + "' is not a whole number of 1 or more");
  }

  boolean bool(NodeTuple tuple, String key) {
    String text = scalar(tuple.getValueNode(), key).trim();
    return switch (text) {
      case "true" -> true;
      case "false" -> false;
      default ->
          throw new ScenarioException(
              keyPosition(tuple), "'" + text + "' is not a boolean: use true or false");
    };
  }

  Position keyPosition(NodeTuple tuple) {
    Node key = tuple.getKeyNode();
    return position(key, ((ScalarNode) key).getValue());
  }

  Position position(Node node, String key) {
    return new Position(file, node.getStartMark().getLine() + 1, key);
  }

  static String found(Node node) {
    return switch (node.getNodeId()) {
      case scalar -> "found '" + ((ScalarNode) node).getValue() + "'";
      case sequence -> "found a list";
      case mapping -> "found a map";
      default -> "found " + node.getNodeId();
    };
  }
}
