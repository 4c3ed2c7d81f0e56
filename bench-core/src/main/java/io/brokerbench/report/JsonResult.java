package io.brokerbench.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.brokerbench.result.RunResult;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/** Writes and reads {@link RunResult} as JSON (schema {@value RunResult#SCHEMA}). */
public final class JsonResult implements ReportSink {
  private static final ObjectMapper MAPPER =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private final Path file;

  /** A sink writing the final result to {@code file}. */
  public JsonResult(Path file) {
    this.file = file;
  }

  @Override
  public void finished(RunResult result) throws IOException {
    write(result, file);
  }

  /** Writes a result to a file. */
  public static void write(RunResult result, Path file) throws IOException {
    MAPPER.writeValue(file.toFile(), result);
  }

  /** The result as the JSON text {@link #write} writes. */
  public static String toJson(RunResult result) {
    try {
      return MAPPER.writeValueAsString(result);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException("a result could not be written as JSON", e);
    }
  }

  /**
   * Reads a result written by {@link #write}. The schema is checked before the fields are bound, so
   * another tool's JSON is named as such instead of failing on one of its fields.
   *
   * @throws IOException with a one-line message naming the file when it is missing or unreadable,
   *     is not JSON, is not a result of schema {@value RunResult#SCHEMA}, or does not bind to one
   */
  public static RunResult read(Path file) throws IOException {
    JsonNode tree = tree(file);
    String schema = tree.path("schema").asText("");
    if (!RunResult.SCHEMA.equals(schema)) {
      throw new IOException(
          file
              + " is not a brokerbench result of schema "
              + RunResult.SCHEMA
              + (schema.isEmpty() ? "" : " (its schema is '" + schema + "')"));
    }
    try {
      return MAPPER.treeToValue(tree, RunResult.class);
    } catch (JsonProcessingException | IllegalArgumentException e) {
      throw new IOException(
          file + " is not a valid " + RunResult.SCHEMA + " result: " + oneLine(e), e);
    }
  }

  /**
   * The JSON tree of a result file (a run's, a scenario's index, a comparison's).
   *
   * @throws IOException with a one-line message naming the file when it is missing or unreadable,
   *     or is not JSON
   */
  public static JsonNode tree(Path file) throws IOException {
    String text;
    try {
      text = Files.readString(file);
    } catch (NoSuchFileException e) {
      throw new IOException(file + ": no such file", e);
    } catch (AccessDeniedException e) {
      throw new IOException(file + ": permission denied", e);
    } catch (IOException e) {
      throw new IOException(file + ": cannot be read (" + e.getMessage() + ")", e);
    }
    try {
      return MAPPER.readTree(text);
    } catch (JsonProcessingException e) {
      throw new IOException(file + " is not JSON: " + oneLine(e), e);
    }
  }

  /** Jackson's message without the location block it appends on further lines. */
  public static String oneLine(Exception e) {
    String message =
        e instanceof JsonProcessingException json ? json.getOriginalMessage() : e.getMessage();
    return message == null ? e.getClass().getSimpleName() : message.lines().findFirst().orElse("");
  }
}
