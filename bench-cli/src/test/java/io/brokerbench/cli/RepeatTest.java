package io.brokerbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brokerbench.report.JsonResult;
import io.brokerbench.report.RunDirectory;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.TestResults;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bench run --repeat N}: N runs, their directories, and each figure's spread. */
class RepeatTest {
  private final BenchCli cli = new BenchCli();

  @Test
  void sixRunsWriteTheirDirectoriesAndEachFiguresMedianWithItsInterval(@TempDir Path dir)
      throws Exception {
    int code =
        cli.run(
            "run",
            "loopback",
            "-C",
            "500",
            "--repeat",
            "6",
            "-o",
            dir.toString(),
            "--report",
            "brokerbench");

    assertThat(code).as(cli.err()).isZero();
    assertThat(cli.out())
        .contains("== run 1 of 6 ==")
        .contains("== run 6 of 6 ==")
        .contains("== 6 runs ==")
        .containsPattern("\nfigure +median +95% interval of the median +range\n")
        .containsPattern(
            "\nsent.rate +[0-9,]+ msg/s +[0-9,]+ msg/s \\.\\. [0-9,]+ msg/s \\(±[0-9]+%\\)")
        .containsPattern("\nlost +0 +0 \\.\\. 0 +0 \\.\\. 0\n");
    assertThat(RunDirectory.of(dir).repeats()).hasSize(6);
    JsonNode summary = new ObjectMapper().readTree(dir.resolve(RunDirectory.REPEATS).toFile());
    assertThat(summary.get("runs").asInt()).isEqualTo(6);
    // Six runs: the interval of the median runs from the smallest to the largest.
    JsonNode sent = summary.at("/figures/0");
    assertThat(sent.get("metric").asText()).isEqualTo("sent.rate");
    assertThat(sent.get("low").asDouble()).isEqualTo(sent.get("min").asDouble());
    assertThat(sent.get("high").asDouble()).isEqualTo(sent.get("max").asDouble());

    // compare takes the directory as its runs.
    assertThat(cli.run("compare", dir.toString(), dir.toString())).as(cli.err()).isZero();
    assertThat(cli.out()).contains("6 and 6 runs; noise judged from the runs");
  }

  @Test
  void thresholdsOfRepeatedRunsAreCheckedOnTheirMedian() {
    int code =
        cli.run(
            "run",
            "loopback",
            "-C",
            "300",
            "--repeat",
            "6",
            "--assert",
            "lost == 0",
            "--assert",
            "sent.rate < 1");

    assertThat(code).isEqualTo(ExitCodes.THRESHOLD_FAILED);
    assertThat(cli.out())
        .contains("\npassed: lost == 0 (measured 0)\n")
        .containsPattern("\nFAILED: sent.rate < 1 \\(measured [0-9,]+ msg/s\\)\n");
    assertThat(cli.err().strip()).startsWith("bench: threshold FAILED: sent.rate < 1");
  }

  /** Six completed runs in {@code dir}/rep-1…6, whose e2e figures are these values (µs). */
  private static Path repeats(Path dir, double... e2eMicros) throws Exception {
    for (int i = 0; i < e2eMicros.length; i++) {
      RunResult run = TestResults.completedWithE2e(e2eMicros[i]);
      Path rep = RunDirectory.of(dir).repeat(i + 1).path();
      Files.createDirectories(rep);
      JsonResult.write(run, rep.resolve(RunDirectory.RESULT));
    }
    return dir;
  }

  @Test
  void aRelativeThresholdInsideTheCandidatesNoiseIsInconclusive(@TempDir Path dir)
      throws Exception {
    Path baseline = repeats(dir.resolve("base"), 1000, 1000, 1000, 1000, 1000, 1000);
    // Median 1,075 µs under baseline + 10 % (1,100 µs); six runs' interval is their range.
    Path candidate = repeats(dir.resolve("cand"), 1000, 1050, 1070, 1080, 1090, 1300);

    int code =
        cli.run(
            "compare",
            baseline.toString(),
            candidate.toString(),
            "--assert",
            "e2e.p99 <= baseline + 10%");

    assertThat(code).as(cli.err()).isEqualTo(ExitCodes.INCONCLUSIVE);
    assertThat(cli.out()).contains("6 and 6 runs; noise judged from the runs");
    assertThat(cli.err().strip())
        .isEqualTo(
            "bench: base -> cand: threshold INCONCLUSIVE: e2e.p99 <= baseline + 10% (median 1.08"
                + " ms, 95% interval 1.00 ms .. 1.30 ms, bound 1.10 ms): the runs cannot tell;"
                + " more of them may");
  }

  @Test
  void fewerThanSixRunsHaveNoIntervalAndSaySo() {
    assertThat(cli.run("run", "loopback", "-C", "200", "--repeat", "2")).isZero();

    assertThat(cli.out())
        .contains("== 2 runs ==")
        .containsPattern("\nlost +0 +- +0 \\.\\. 0\n")
        .contains("(fewer than 6 runs have no 95% interval of the median: --repeat 6 or more)");
  }

  @Test
  void aRepeatBelowOneOrBesideAShardIsAUsageError() {
    assertThat(cli.run("run", "loopback", "-C", "200", "--repeat", "0")).isEqualTo(ExitCodes.USAGE);
    assertThat(cli.err().strip()).isEqualTo("bench: --repeat must be 1 or more (got 0)");

    assertThat(
            cli.run("run", "loopback", "-C", "200", "-u", "q", "--repeat", "2", "--shard", "0/2"))
        .isEqualTo(ExitCodes.USAGE);
    assertThat(cli.err().strip())
        .isEqualTo(
            "bench: --repeat runs the workload whole, one run after another: it cannot be"
                + " combined with --shard; run without --repeat, or repeat the command");
  }
}
