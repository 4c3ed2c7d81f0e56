package io.brokerbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.result.ResultSchema;
import io.brokerbench.result.RunResult;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * A result file written by an earlier build reads and writes back byte for byte: the JSON is the
 * schema other tools read, whatever shape the Java records take. The committed file is a merged
 * result with every part filled (thresholds, shards, missing shards, backlog, request-reply,
 * connections, connection losses, flow control, broker load), so each is checked.
 */
class JsonResultTest {
  private static Path committed() throws URISyntaxException {
    return Path.of(JsonResultTest.class.getResource("merged-result.json").toURI());
  }

  @Test
  void committedResultWritesBackIdentical() throws Exception {
    Path file = committed();

    RunResult read = JsonResult.read(file);

    assertThat(JsonResult.toJson(read)).isEqualTo(Files.readString(file));
    ResultSchema.assertValid(file);
  }

  @Test
  void committedResultHasEveryPartFilled() throws Exception {
    RunResult read = JsonResult.read(committed());

    assertThat(read.thresholds()).isNotEmpty();
    assertThat(read.shards()).isNotEmpty();
    assertThat(read.missingShards()).isNotEmpty();
    assertThat(read.flowControl().happened()).isTrue();
    assertThat(read.backlog().present()).isTrue();
    assertThat(read.requestReply().requests()).isPositive();
    assertThat(read.connections().target()).isPositive();
    assertThat(read.connectionLosses().losses()).isPositive();
    assertThat(read.brokerLoad().measured()).isTrue();
  }
}
