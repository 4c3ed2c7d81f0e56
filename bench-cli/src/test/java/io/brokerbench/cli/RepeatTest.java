package io.brokerbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brokerbench.report.RunDirectory;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code bench run --repeat N}: N runs, their directories, and each figure's spread. */
class RepeatTest {
  private StringWriter out = new StringWriter();
  private StringWriter err = new StringWriter();

  private int bench(String... args) {
    out = new StringWriter();
    err = new StringWriter();
    CommandLine commandLine = BenchCommand.commandLine();
    commandLine.setOut(new PrintWriter(out, true));
    commandLine.setErr(new PrintWriter(err, true));
    return commandLine.execute(args);
  }

  @Test
  void sixRunsWriteTheirDirectoriesAndEachFiguresMedianWithItsInterval(@TempDir Path dir)
      throws Exception {
    int code =
        bench(
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

    assertThat(code).as(err.toString()).isZero();
    assertThat(out.toString())
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
    assertThat(bench("compare", dir.toString(), dir.toString())).as(err.toString()).isZero();
    assertThat(out.toString()).contains("6 and 6 runs; noise judged from the runs");
  }

  @Test
  void fewerThanSixRunsHaveNoIntervalAndSaySo() {
    assertThat(bench("run", "loopback", "-C", "200", "--repeat", "2")).isZero();

    assertThat(out.toString())
        .contains("== 2 runs ==")
        .containsPattern("\nlost +0 +- +0 \\.\\. 0\n")
        .contains("(fewer than 6 runs have no 95% interval of the median: --repeat 6 or more)");
  }

  @Test
  void aRepeatBelowOneOrBesideAShardIsAUsageError() {
    assertThat(bench("run", "loopback", "-C", "200", "--repeat", "0")).isEqualTo(ExitCodes.USAGE);
    assertThat(err.toString().strip()).isEqualTo("bench: --repeat must be 1 or more (got 0)");

    assertThat(bench("run", "loopback", "-C", "200", "-u", "q", "--repeat", "2", "--shard", "0/2"))
        .isEqualTo(ExitCodes.USAGE);
    assertThat(err.toString().strip())
        .isEqualTo(
            "bench: --repeat runs the workload whole, one run after another: it cannot be"
                + " combined with --shard; run without --repeat, or repeat the command");
  }
}
