package io.brokerbench.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A real, short max-rate search against the loopback driver. */
class ScenarioMaxRateTest {
  @TempDir Path dir;

  @Test
  void probesRealRunsAndWritesEveryProbe() throws IOException, InterruptedException {
    Path file = dir.resolve("s.yaml");
    Files.writeString(
        file,
        String.join(
            "\n",
            "name: loopback-ceiling",
            "driver: loopback",
            "workload: {count: 1M, confirm: 100}",
            "max-rate: {start: 2000, factor: 2, probes: 3, probe-duration: 1500ms, warmup: 500ms}",
            ""));
    Scenario scenario = Scenario.load(file);
    StringWriter out = new StringWriter();

    MaxRateReport report =
        new ScenarioMaxRate(
                scenario, scenario.maxRate(), dir.resolve("out"), new PrintWriter(out, true))
            .run();

    JsonNode written = new ObjectMapper().readTree(dir.resolve("out/max-rate.json").toFile());
    assertThat(written.get("schema").asText()).isEqualTo("brokerbench-max-rate/1");
    JsonNode probes = written.get("searches").get(0).get("probes");
    assertThat(probes).hasSize(3);
    for (JsonNode probe : probes) {
      assertThat(probe.get("pass").asBoolean()).as("%s", probe).isTrue();
      assertThat(probe.get("sentPerSecond").asDouble())
          .isGreaterThan(0.95 * probe.get("targetPerSecond").asDouble());
      assertThat(probe.get("receivedPerSecond").asDouble()).isGreaterThan(0);
      assertThat(probe.get("e2eP99Micros").asDouble()).isGreaterThan(0);
      assertThat(probe.get("slipP99Micros").isNumber()).isTrue();
    }
    assertThat(probes)
        .extracting(p -> p.get("targetPerSecond").asDouble())
        .containsExactly(2000.0, 4000.0, 8000.0);
    assertThat(report.searches().get(0).ratePerSecond()).isEqualTo(8000);
    assertThat(out.toString())
        .contains("max-rate search 1/1: 000")
        .containsPattern(
            "probe  0 grow +2000 msg/s: sent +\\d+, received +\\d+, e2e p50 \\S+ p99 \\S+ p99.9 \\S+, slip p99 \\S+: pass")
        .contains("max sustainable rate: 8000 msg/s (not confirmed)");
  }
}
