package io.brokerbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.brokerbench.result.MergeSources;
import io.brokerbench.result.ResultSchema;
import io.brokerbench.result.RunExtras;
import io.brokerbench.result.RunResult;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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

    assertThat(read.verdict().thresholds()).isNotEmpty();
    assertThat(read.mergedFrom().shards()).isNotEmpty();
    assertThat(read.mergedFrom().missingShards()).isNotEmpty();
    assertThat(read.extras().flowControl().happened()).isTrue();
    assertThat(read.extras().backlog().present()).isTrue();
    assertThat(read.extras().requestReply().requests()).isPositive();
    assertThat(read.extras().connections().target()).isPositive();
    assertThat(read.extras().connectionLosses().losses()).isPositive();
    assertThat(read.extras().brokerLoad().measured()).isTrue();
  }

  @Test
  void partsAFileWrittenBeforeThemLacksReadAsNone(@TempDir Path dir) throws Exception {
    ObjectNode tree = (ObjectNode) JsonResult.tree(committed());
    tree.remove(
        List.of(
            "shards",
            "missingShards",
            "flowControl",
            "backlog",
            "requestReply",
            "connections",
            "connectionLosses",
            "brokerLoad"));
    Path older = dir.resolve("result.json");
    Files.writeString(older, tree.toString());

    RunResult read = JsonResult.read(older);

    assertThat(read.mergedFrom()).isEqualTo(MergeSources.NONE);
    assertThat(read.extras()).isEqualTo(RunExtras.NONE);
    assertThat(read.figures()).isEqualTo(JsonResult.read(committed()).figures());
  }
}
