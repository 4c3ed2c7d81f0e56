package io.brokerbench.htmlreport;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.brokerbench.report.JsonResult;
import io.brokerbench.result.ScenarioIndex;
import java.nio.file.Path;

/** Reads a scenario's {@code scenario.json} for the report, refusing other files in one line. */
final class ScenarioFile {
  static final String SCHEMA = ScenarioIndex.SCHEMA;
  static final String NAME = ScenarioIndex.FILE;

  private ScenarioFile() {}

  /** True when the directory holds a scenario. */
  static boolean isIn(Path dir) {
    return ScenarioIndex.isScenarioDirectory(dir);
  }

  /**
   * The scenario in this file.
   *
   * @throws ReportInputException when the file is unreadable, not JSON, or of another schema
   */
  static ScenarioIndex read(Path file) throws ReportInputException {
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
      return JsonFiles.MAPPER.treeToValue(tree, ScenarioIndex.class);
    } catch (JsonProcessingException | IllegalArgumentException e) {
      throw new ReportInputException(
          file + " is not a valid " + SCHEMA + " scenario: " + JsonResult.oneLine(e), e);
    }
  }
}
