package io.brokerbench.htmlreport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brokerbench.report.JsonResult;
import java.io.IOException;
import java.nio.file.Path;

/** Reads the JSON inputs of a report, turning every failure into a one-line input error. */
final class JsonFiles {
  static final ObjectMapper MAPPER = new ObjectMapper();

  private JsonFiles() {}

  /**
   * The JSON tree in this file.
   *
   * @throws ReportInputException when the file is missing, unreadable or not JSON
   */
  static JsonNode read(Path file) throws ReportInputException {
    try {
      return JsonResult.tree(file);
    } catch (IOException e) {
      throw new ReportInputException(e.getMessage(), e);
    }
  }
}
