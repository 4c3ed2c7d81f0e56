package io.brokerbench.result;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import io.brokerbench.report.JsonResult;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Checks results against the published JSON Schema ({@value #RESOURCE} in bench-core's jar), so a
 * change to the result records that the schema does not follow fails the tests.
 */
public final class ResultSchema {
  /** Where the schema is, on the class path. */
  public static final String RESOURCE = "/io/brokerbench/result/brokerbench-result-2.schema.json";

  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final Schema SCHEMA = load();

  private ResultSchema() {}

  private static Schema load() {
    try (InputStream in = ResultSchema.class.getResourceAsStream(RESOURCE)) {
      return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Fails unless the file is a valid result. */
  public static void assertValid(Path resultJson) {
    try {
      assertValid(MAPPER.readTree(resultJson.toFile()), resultJson.toString());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Fails unless the result, written as JSON, is valid. */
  public static void assertValid(RunResult result) {
    try {
      assertValid(MAPPER.readTree(JsonResult.toJson(result)), "result " + result.ending().status());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void assertValid(JsonNode json, String what) {
    List<Error> errors = SCHEMA.validate(json);
    assertThat(errors).as(what + " against " + RESOURCE).isEmpty();
  }
}
