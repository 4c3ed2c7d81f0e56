package io.brokerbench.htmlreport;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A scenario's {@code scenario.json} (schema {@value #SCHEMA}): its axes and its cells, each cell a
 * run whose {@code result.json} is in the cell's directory.
 *
 * @param schema always {@value #SCHEMA}
 * @param name the scenario's name
 * @param file the scenario's YAML file
 * @param axes the axes the scenario varies, in order
 * @param cells one entry per run
 */
@JsonIgnoreProperties(ignoreUnknown = true)
record ScenarioFile(String schema, String name, String file, List<Axis> axes, List<Cell> cells) {
  static final String SCHEMA = "brokerbench-scenario/1";
  static final String NAME = "scenario.json";

  ScenarioFile {
    axes = axes == null ? List.of() : List.copyOf(axes);
    cells = cells == null ? List.of() : List.copyOf(cells);
  }

  /**
   * One axis of a scenario.
   *
   * @param name the axis name, such as {@code queue-type}
   * @param values its values, in the scenario's order
   */
  @JsonIgnoreProperties(ignoreUnknown = true)
  record Axis(String name, List<String> values) {}

  /**
   * One run of a scenario.
   *
   * @param index 0-based cell number
   * @param id the cell's name, such as {@code 000-queue-type=classic}
   * @param axes the cell's value of each axis
   * @param repetition 0-based repetition of the same axis values
   * @param dir the cell's directory, relative to the scenario directory
   * @param status the cell's status, such as {@code completed} or {@code failed}
   */
  @JsonIgnoreProperties(ignoreUnknown = true)
  record Cell(
      int index, String id, Map<String, String> axes, int repetition, String dir, String status) {
    Cell {
      axes = axes == null ? Map.of() : Map.copyOf(axes);
    }
  }

  /** True when the directory holds a scenario. */
  static boolean isIn(Path dir) {
    return Files.isRegularFile(dir.resolve(NAME));
  }

  /**
   * The scenario in this file.
   *
   * @throws ReportInputException when the file is unreadable, not JSON, or of another schema
   */
  static ScenarioFile read(Path file) throws ReportInputException {
    JsonNode tree = JsonFiles.read(file);
    String schema = tree.path("schema").asText("");
    if (!SCHEMA.equals(schema)) {
      throw new ReportInputException(
          file
              + " is not a brokerbench scenario of schema "
              + SCHEMA
              + (schema.isEmpty() ? "" : " (its schema is '" + schema + "')"));
    }
    try {
      return JsonFiles.MAPPER.treeToValue(tree, ScenarioFile.class);
    } catch (JsonProcessingException | IllegalArgumentException e) {
      throw new ReportInputException(
          file + " is not a valid " + SCHEMA + " scenario: " + JsonFiles.oneLine(e), e);
    }
  }
}
