package io.brokerbench.htmlreport;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
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
    String text;
    try {
      text = Files.readString(file);
    } catch (NoSuchFileException e) {
      throw new ReportInputException(file + ": no such file", e);
    } catch (AccessDeniedException e) {
      throw new ReportInputException(file + ": permission denied", e);
    } catch (IOException e) {
      throw new ReportInputException(file + ": cannot be read (" + e.getMessage() + ")", e);
    }
    try {
      return MAPPER.readTree(text);
    } catch (JsonProcessingException e) {
      throw new ReportInputException(file + " is not JSON: " + oneLine(e), e);
    }
  }

  /** Jackson's message without the location block it appends on further lines. */
  static String oneLine(Exception e) {
    String message =
        e instanceof JsonProcessingException json ? json.getOriginalMessage() : e.getMessage();
    return message == null ? e.getClass().getSimpleName() : message.lines().findFirst().orElse("");
  }
}
