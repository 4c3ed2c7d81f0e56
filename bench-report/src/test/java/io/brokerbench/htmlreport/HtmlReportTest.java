package io.brokerbench.htmlreport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HtmlReportTest {
  private static final String HOSTILE = "</script><script>window.pwned = 1</script><!--";

  private static final String DAMAGED_E2E =
      "{\"count\":1,\"minMicros\":1,\"meanMicros\":1,\"p25Micros\":1,\"p50Micros\":1,"
          + "\"p75Micros\":1,\"p90Micros\":1,\"p95Micros\":1,\"p99Micros\":1,\"p999Micros\":1,"
          + "\"p9999Micros\":1,\"maxMicros\":1,\"negative\":0,\"clamped\":0,"
          + "\"histogram\":\"bm90IGEgaGlzdG9ncmFt\"}";

  @TempDir Path dir;

  private Path resultWithWarning(String message) throws Exception {
    return ReportFixtures.handMadeRun(dir.resolve("run-1"), message);
  }

  private static String embeddedJson(String html) {
    Matcher m =
        Pattern.compile(
                "<script type=\"application/json\" id=\"report-data\">(.*?)</script>",
                Pattern.DOTALL)
            .matcher(html);
    assertThat(m.find()).isTrue();
    return m.group(1);
  }

  /** The data embedded in the report of {@code run}. */
  private String reportDataOf(Path run) throws Exception {
    Path html = dir.resolve("report.html");
    HtmlReport.write(List.of(run), html);
    return embeddedJson(Files.readString(html));
  }

  @Test
  void aRepeatedCombinationShowsEachFiguresMedianIntervalAndRange() throws Exception {
    JsonNode spread =
        JsonFiles.MAPPER
            .readTree(reportDataOf(ReportFixtures.repeatedScenario(dir.resolve("repeated"))))
            .at("/scenarios/0/spreads/0");

    assertThat(spread.get("combination").asText()).isEqualTo("rate=1000");
    assertThat(spread.get("runs").asInt()).isEqualTo(6);
    JsonNode p99 = null;
    for (JsonNode figure : spread.get("figures")) {
      if (figure.get("metric").asText().equals("e2e.p99")) {
        p99 = figure;
      }
    }
    assertThat(p99).isNotNull();
    assertThat(p99.get("median").asText()).isEqualTo("3.50 ms");
    assertThat(p99.get("interval").asText()).isEqualTo("1.00 ms .. 6.00 ms (±71%)");
    assertThat(p99.get("range").asText()).isEqualTo("1.00 ms .. 6.00 ms");
  }

  @Test
  void theDataIsEmbeddedSoThatNoTextOfAResultCanEndItsScriptElement() throws Exception {
    Path html = dir.resolve("report.html");

    HtmlReport.write(List.of(resultWithWarning(HOSTILE)), html);

    String page = Files.readString(html);
    assertThat(page).doesNotContain("window.pwned = 1</script>").doesNotContain("<!--");
    JsonNode data = JsonFiles.MAPPER.readTree(embeddedJson(page));
    assertThat(data.at("/runs/0/warnings/0/message").asText()).isEqualTo(HOSTILE);
    assertThat(data.at("/runs/0/title").asText()).isEqualTo("run-1");
  }

  @Test
  void aRunThatRodeThroughLostConnectionsShowsThemAndItsPolicy() throws Exception {
    String data = reportDataOf(ReportFixtures.reconnectedRun(dir.resolve("run-1")));

    assertThat(data)
        .contains("connection losses")
        .contains("2 connection(s) lost, 2 reconnected, 5.2 s without them in all")
        .contains("on connection loss")
        .contains("CONNECTION_LOSS: ");
  }

  @Test
  void aRunOfIdleConnectionsAloneHasNoTargetRate() throws Exception {
    String data = reportDataOf(ReportFixtures.idleConnections(dir.resolve("run-1")));

    assertThat(data)
        .contains("\"target rate\":\"none (no producers)\"")
        .doesNotContain("unlimited");
  }

  @Test
  void thePageLoadsNothingFromTheNetwork() throws Exception {
    Path html = dir.resolve("report.html");

    HtmlReport.write(List.of(resultWithWarning("fine")), html);

    String page = Files.readString(html);
    assertThat(page)
        .doesNotContain("<script src")
        .doesNotContain("<link")
        .contains("echarts")
        .contains("<title>brokerbench report: run-1</title>");
  }

  @Test
  void aResultFileIsAnInputAsWellAsItsDirectory() throws Exception {
    Path html = dir.resolve("report.html");

    HtmlReport.write(List.of(resultWithWarning("fine").resolve(ResultFile.NAME)), html);

    assertThat(
            JsonFiles.MAPPER
                .readTree(embeddedJson(Files.readString(html)))
                .at("/runs/0/title")
                .asText())
        .isEqualTo("run-1");
  }

  @Test
  void aDamagedHistogramIsRefusedNamingItsPlace() throws Exception {
    Path file = resultWithWarning("fine").resolve(ResultFile.NAME);
    String json = Files.readString(file);
    Files.writeString(
        file, json.replace("\"latency\" : { }", "\"latency\" : {\"e2e\": " + DAMAGED_E2E + "}"));

    assertThatThrownBy(() -> HtmlReport.write(List.of(file), dir.resolve("r.html")))
        .isInstanceOf(ReportInputException.class)
        .hasMessageStartingWith(file + ": latency.e2e.histogram: not an encoded HdrHistogram");
  }

  @Test
  void noInputIsRefused() {
    assertThatThrownBy(() -> HtmlReport.write(List.of(), dir.resolve("r.html")))
        .isInstanceOf(ReportInputException.class)
        .hasMessageStartingWith("no input");
  }

  @Test
  void aDirectoryWithoutResultOrScenarioIsRefused() {
    assertThatThrownBy(() -> HtmlReport.write(List.of(dir), dir.resolve("r.html")))
        .isInstanceOf(ReportInputException.class)
        .hasMessage(
            dir
                + " is neither a result directory (with result.json) nor a scenario directory (with scenario.json)");
  }

  @Test
  void aMissingInputIsRefused() {
    Path missing = dir.resolve("missing");
    assertThatThrownBy(() -> HtmlReport.write(List.of(missing), dir.resolve("r.html")))
        .isInstanceOf(ReportInputException.class)
        .hasMessage(missing + ": no such file or directory");
  }

  @Test
  void aResultOfAnotherSchemaIsRefusedWithItsSchema() throws Exception {
    Path old =
        Files.writeString(dir.resolve("result.json"), "{\"schema\":\"brokerbench-result/1\"}");
    assertThatThrownBy(() -> HtmlReport.write(List.of(old), dir.resolve("r.html")))
        .isInstanceOf(ReportInputException.class)
        .hasMessage(
            old
                + " is not a brokerbench result of schema brokerbench-result/2 (its schema is"
                + " 'brokerbench-result/1')");
  }

  @Test
  void aFileThatIsNotJsonIsRefused() throws Exception {
    Path text = Files.writeString(dir.resolve("result.json"), "sent: 10\n");
    assertThatThrownBy(() -> HtmlReport.write(List.of(text), dir.resolve("r.html")))
        .isInstanceOf(ReportInputException.class)
        .hasMessageStartingWith(text + " is not JSON: ")
        .hasMessageNotContaining("\n");
  }
}
