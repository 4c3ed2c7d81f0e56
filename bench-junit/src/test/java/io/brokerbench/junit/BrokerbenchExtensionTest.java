package io.brokerbench.junit;

import static io.brokerbench.junit.BrokerbenchAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.brokerbench.compare.RepeatedRuns;
import io.brokerbench.latency.LatencyKind;
import io.brokerbench.result.RunResult;
import io.brokerbench.workload.RateProfile;
import io.brokerbench.workload.Workload;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(BrokerbenchExtension.class)
class BrokerbenchExtensionTest {
  private static final Workload SMALL =
      Workload.builder().rate(2_000).duration(Duration.ofSeconds(1)).inFlightWindow(16).build();

  @Test
  void eachTestKeepsItsRunsFilesInItsOwnDirectory(BenchmarkRunner bench) throws Exception {
    RunResult result = bench.run("loopback", SMALL);

    Path dir =
        Path.of(
            "target/brokerbench/BrokerbenchExtensionTest/eachTestKeepsItsRunsFilesInItsOwnDirectory");
    org.assertj.core.api.Assertions.assertThat(bench.directory()).isEqualTo(dir);
    org.assertj.core.api.Assertions.assertThat(dir.resolve("result.json")).isRegularFile();
    org.assertj.core.api.Assertions.assertThat(dir.resolve("intervals.csv")).isRegularFile();
    org.assertj.core.api.Assertions.assertThat(dir.resolve("latency.hlog")).isRegularFile();
    org.assertj.core.api.Assertions.assertThat(Files.readString(dir.resolve("report.html")))
        .contains("<html")
        .contains("eachTestKeepsItsRunsFilesInItsOwnDirectory");
    org.assertj.core.api.Assertions.assertThat(Files.readString(dir.resolve("broker.txt")))
        .isEqualTo("loopback: its default broker\n");
    assertThat(result).completed().hasNoLoss().meets("received == 2000");

    bench.run("loopback", SMALL);
    org.assertj.core.api.Assertions.assertThat(dir.resolve("run-2/result.json")).isRegularFile();
  }

  @Test
  void aFailingAssertionSaysTheThresholdTheMeasuredValueTheKeyFiguresAndTheFiles(
      BenchmarkRunner bench) throws Exception {
    RunResult result = bench.run("loopback", SMALL);

    assertThatThrownBy(
            () ->
                assertThat(result)
                    .latency(LatencyKind.END_TO_END)
                    .percentile(99)
                    .isBelow(Duration.ofNanos(1)))
        .hasMessageContaining("FAILED: e2e.p99 < 1ns (measured ")
        .hasMessageContaining("run: completed, sent 2,000 (")
        .hasMessageContaining(", lost 0")
        .hasMessageContaining("files: " + bench.directory().toAbsolutePath());
    assertThatThrownBy(() -> assertThat(result).receivedRate().isAtLeast(1_000_000))
        .hasMessageStartingWith("FAILED: received.rate >= 1000000.0 (measured ");
  }

  @Test
  void aRunWhoseSendsLeftLateIsNotValidAndSaysWhy(BenchmarkRunner bench) throws Exception {
    // One send stalls 600 ms at 10,000 msg/s: most of the schedule leaves late.
    RunResult result =
        bench.run(
            "loopback",
            Map.of("stall-after", "1000", "stall-ms", "600"),
            Workload.builder().rate(10_000).messagesPerProducer(10_000).duration(null).build(),
            builder -> {});

    assertThat(result).completed().hasNoLoss();
    assertThatThrownBy(() -> assertThat(result).isValid())
        .hasMessageStartingWith("the run is suspect (")
        .hasMessageContaining("SCHEDULE_SLIP: 10 % of the sends left ")
        .hasMessageContaining("files: " + bench.directory().toAbsolutePath());
  }

  @Test
  void repeatedRunsGiveEachFiguresMedianWithItsInterval(BenchmarkRunner bench) throws Exception {
    RepeatedRuns runs =
        bench.repeat(
            6, "loopback", Workload.builder().messagesPerProducer(500).duration(null).build());

    org.assertj.core.api.Assertions.assertThat(runs.runs()).isEqualTo(6);
    RepeatedRuns.Spread p99 = runs.figure("e2e.p99");
    // Six runs: the interval of the median is their range.
    org.assertj.core.api.Assertions.assertThat(p99.low()).isEqualTo(p99.min());
    org.assertj.core.api.Assertions.assertThat(p99.high()).isEqualTo(p99.max());
    org.assertj.core.api.Assertions.assertThat(p99.median()).isBetween(p99.min(), p99.max());
    org.assertj.core.api.Assertions.assertThat(runs.figure("lost").max()).isZero();
    org.assertj.core.api.Assertions.assertThat(bench.directory().resolve("run-6/result.json"))
        .isRegularFile();
  }

  @Test
  void stepsHaveTheirOwnAssertions(BenchmarkRunner bench) throws Exception {
    RunResult result =
        bench.run(
            "loopback",
            Map.of(),
            SMALL.toBuilder()
                .rate(RateProfile.stepped(Duration.ofSeconds(1), 1_000, 3_000))
                .duration(null)
                .build(),
            b -> {});

    assertThat(result)
        .step(1)
        .meets("sent >= 2000")
        .latency(LatencyKind.END_TO_END)
        .percentile(99.9)
        .isBelow(Duration.ofSeconds(30));
    assertThatThrownBy(() -> assertThat(result).step(0).meets("sent >= 2000"))
        .hasMessageStartingWith("FAILED: step0.sent >= 2000 (measured ");
    assertThatThrownBy(() -> assertThat(result).step(5))
        .hasMessageStartingWith("the run has 2 rate step(s): there is no step 5");
  }
}
