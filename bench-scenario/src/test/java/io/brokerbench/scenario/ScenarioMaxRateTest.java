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
            // Lenient bounds: this machine's CPU is shared, and the test is about the plumbing.
            "max-rate: {start: 2000, factor: 2, probes: 3, probe-duration: 1500ms, warmup: 500ms,",
            "           slip-p99: 1s, received: 50%, sent: 50%}",
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
      assertThat(probe.get("sentPerSecond").asDouble()).as("%s", probe).isGreaterThan(0);
      assertThat(probe.get("receivedPerSecond").asDouble()).as("%s", probe).isGreaterThan(0);
      assertThat(probe.get("e2eP99Micros").asDouble()).as("%s", probe).isGreaterThan(0);
      assertThat(probe.get("slipP99Micros").isNumber()).as("%s", probe).isTrue();
      assertThat(probe.get("reason").asText()).isNotEmpty();
    }
    assertThat(probes.get(0).get("targetPerSecond").asDouble()).isEqualTo(2000.0);
    double highestPass = 0;
    for (JsonNode probe : probes) {
      if (probe.get("pass").asBoolean()) {
        highestPass = Math.max(highestPass, probe.get("targetPerSecond").asDouble());
      }
    }
    assertThat(report.searches().get(0).ratePerSecond()).isEqualTo(highestPass).isPositive();
    assertThat(out.toString())
        .contains("max-rate search 1/1: the scenario's workload (no axes)")
        .containsPattern(
            "probe  0 grow +2000 msg/s: sent +\\d+, received +\\d+, e2e p50 \\S+ p99 \\S+ p99.9 \\S+,"
                + " slip p99 \\S+: (pass|FAIL)")
        .containsPattern("max sustainable rate: \\d+ msg/s");
  }

  @Test
  void anInterruptedSearchWritesWhatItMeasured() throws Exception {
    Path file = dir.resolve("s.yaml");
    Files.writeString(
        file,
        String.join(
            "\n",
            "name: interrupted",
            "driver: loopback",
            "max-rate: {start: 1000, probes: 5, probe-duration: 30s, warmup: 0s}",
            ""));
    Scenario scenario = Scenario.load(file);
    StringWriter out = new StringWriter();
    ScenarioMaxRate search =
        new ScenarioMaxRate(
            scenario, scenario.maxRate(), dir.resolve("out"), new PrintWriter(out, true));
    java.util.concurrent.CompletableFuture<Throwable> ended =
        java.util.concurrent.CompletableFuture.supplyAsync(
            () -> {
              try {
                search.run();
                return null;
              } catch (Exception e) {
                return e;
              }
            });
    // Once the search announced its cell: its first probe is running, or ends at once when it
    // starts.
    long deadline = System.nanoTime() + java.time.Duration.ofSeconds(30).toNanos();
    while (!out.toString().contains("max-rate search 1/1")) {
      assertThat(System.nanoTime())
          .as("search announced within 30 s: %s", out)
          .isLessThan(deadline);
      Thread.sleep(20);
    }

    search.interrupt();

    assertThat(ended.get(20, java.util.concurrent.TimeUnit.SECONDS))
        .isInstanceOf(InterruptedException.class);
    JsonNode written = new ObjectMapper().readTree(dir.resolve("out/max-rate.json").toFile());
    assertThat(written.get("searches").get(0).get("stop").asText()).isEqualTo("interrupted");
  }
}
