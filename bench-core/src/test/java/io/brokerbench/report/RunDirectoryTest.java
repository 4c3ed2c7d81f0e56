package io.brokerbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brokerbench.BenchmarkRun;
import io.brokerbench.result.RunResult;
import io.brokerbench.threshold.Threshold;
import io.brokerbench.workload.Workload;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * A run written through {@link RunDirectory}: every file under its name, the thresholds as a JUnit
 * report a CI server reads, and the figures as benchmark-tracking actions read them.
 */
class RunDirectoryTest {
  @TempDir Path dir;

  private RunResult run(Path into, Workload workload, String... thresholds) throws Exception {
    BenchmarkRun.Builder builder = BenchmarkRun.builder(workload).driver("loopback", Map.of());
    for (String t : thresholds) {
      builder.threshold(Threshold.parse(t));
    }
    RunDirectory.of(into).sinks().forEach(builder::sink);
    return builder.build().run();
  }

  private static Workload messages(int count) {
    return Workload.builder().rate(20_000).messagesPerProducer(count).duration(null).build();
  }

  @Test
  void aRunWritesEveryFileAndReadsItsResultBack() throws Exception {
    RunResult result = run(dir, messages(1_000), "e2e.p99 < 60s");

    RunDirectory runDir = RunDirectory.of(dir);
    for (String name :
        List.of(
            RunDirectory.RESULT,
            RunDirectory.INTERVALS,
            RunDirectory.HISTOGRAM_LOG,
            RunDirectory.THRESHOLDS,
            BenchmarkJson.SMALLER,
            BenchmarkJson.BIGGER)) {
      assertThat(runDir.file(name)).as(name).isNotEmptyFile();
    }
    assertThat(runDir.hasResult()).isTrue();
    assertThat(runDir.read().figures().totals()).isEqualTo(result.figures().totals());
  }

  @Test
  void thresholdsBecomeJunitTestCasesWithTheFailuresSaid() throws Exception {
    RunResult result =
        run(
            dir,
            Workload.builder().rate(1_000).messagesPerProducer(1_000).duration(null).build(),
            "e2e.p99 < 60s",
            "sent.rate > 1000000",
            "confirm.p99 < 1s");

    Element suite =
        DocumentBuilderFactory.newInstance()
            .newDocumentBuilder()
            .parse(dir.resolve(RunDirectory.THRESHOLDS).toFile())
            .getDocumentElement();
    assertThat(suite.getTagName()).isEqualTo("testsuite");
    // Whether the run is valid is the machine's (a loaded one stalls it): its case says which.
    boolean valid = result.validity().valid();
    assertThat(suite.getAttribute("tests")).isEqualTo("5");
    assertThat(suite.getAttribute("failures")).isEqualTo(valid ? "2" : "3");
    NodeList cases = suite.getElementsByTagName("testcase");
    List<String> names = new ArrayList<>();
    List<String> failures = new ArrayList<>();
    for (int i = 0; i < cases.getLength(); i++) {
      Element c = (Element) cases.item(i);
      names.add(c.getAttribute("name"));
      NodeList failure = c.getElementsByTagName("failure");
      failures.add(
          failure.getLength() == 0 ? null : ((Element) failure.item(0)).getAttribute("message"));
    }
    assertThat(names)
        .containsExactly(
            "run status is completed",
            "run is valid",
            "e2e.p99 < 60s",
            "sent.rate > 1000000",
            "confirm.p99 < 1s");
    assertThat(failures.get(0)).isNull();
    if (valid) {
      assertThat(failures.get(1)).isNull();
    } else {
      assertThat(failures.get(1))
          .startsWith("the run is suspect: " + result.validity().reasons().get(0).message());
    }
    assertThat(failures.get(2)).isNull();
    // The message is the one the console printed for the threshold.
    assertThat(failures.get(3))
        .isEqualTo(result.verdict().thresholds().get(1).message())
        .contains("FAILED");
    assertThat(failures.get(4)).isEqualTo(result.verdict().thresholds().get(2).message());
  }

  @Test
  void aRunThatDidNotCompleteFailsItsStatusCaseAndChartsNothing() throws Exception {
    Workload endless = Workload.builder().rate(1_000).duration(Duration.ofSeconds(30)).build();
    BenchmarkRun.Builder builder =
        BenchmarkRun.builder(endless)
            .driver("loopback", Map.of())
            .threshold(Threshold.parse("e2e.p99 < 60s"));
    RunDirectory.of(dir).sinks().forEach(builder::sink);
    BenchmarkRun run = builder.build();
    run.interrupt();
    RunResult result = run.run();

    assertThat(result.ending().status()).isNotEqualTo(RunResult.COMPLETED);
    String xml = Files.readString(dir.resolve(RunDirectory.THRESHOLDS));
    // Interrupted before it sent: the status fails, and so does the threshold, not measured.
    assertThat(xml)
        .contains("failures=\"2\"")
        .contains("message=\"the run is " + result.ending().status())
        .contains("not measured");
    assertThat(dir.resolve(BenchmarkJson.SMALLER)).doesNotExist();
    assertThat(dir.resolve(BenchmarkJson.BIGGER)).doesNotExist();
  }

  @Test
  void figuresAreWrittenAsBenchmarkActionsReadThem() throws Exception {
    RunResult result = run(dir, messages(1_000));

    ObjectMapper json = new ObjectMapper();
    JsonNode smaller = json.readTree(dir.resolve(BenchmarkJson.SMALLER).toFile());
    JsonNode bigger = json.readTree(dir.resolve(BenchmarkJson.BIGGER).toFile());
    assertThat(smaller.isArray()).isTrue();
    for (JsonNode entry : smaller) {
      assertThat(entry.fieldNames()).toIterable().contains("name", "unit", "value");
    }
    JsonNode p99 = find(smaller, "e2e p99");
    assertThat(p99.path("unit").asText()).isEqualTo("us");
    assertThat(p99.path("value").asDouble())
        .isEqualTo(result.figures().latency().get("e2e").p99Micros());
    assertThat(find(bigger, "sent rate").path("value").asDouble())
        .isEqualTo(result.figures().totals().rates().sentPerSecond());
    assertThat(dir.resolve(RunDirectory.THRESHOLDS)).as("no thresholds, no report").doesNotExist();
  }

  private static JsonNode find(JsonNode entries, String name) {
    for (JsonNode entry : entries) {
      if (entry.path("name").asText().equals(name)) {
        return entry;
      }
    }
    throw new AssertionError("no entry " + name + " in " + entries);
  }
}
