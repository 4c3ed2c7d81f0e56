package io.brokerbench.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.brokerbench.result.RunResult;
import java.io.IOException;
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

  /** Reads a result written by {@link #write}. */
  public static RunResult read(Path file) throws IOException {
    return MAPPER.readValue(file.toFile(), RunResult.class);
  }
}
