package io.brokerbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.report.JsonResult;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.ShardSummary;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code bench merge} of loopback shards run in this JVM. */
class MergeCommandTest {
  @TempDir Path dir;
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

  private String shard(int index, int count) {
    String output = dir.resolve("shard-" + index).toString();
    int exit =
        bench(
            "run",
            "loopback",
            "-x",
            "2",
            "-y",
            "2",
            "-C",
            "500",
            "--shard",
            index + "/" + count,
            "-o",
            output);
    assertThat(exit).as("%s%s", out, err).isZero();
    return output;
  }

  @Test
  void theMergedResultCarriesTheMergesCommandLineAndEachShardItsOwn() throws Exception {
    String a = shard(0, 2);
    String b = shard(1, 2);
    String merged = dir.resolve("merged").toString();

    assertThat(bench("merge", a, b, "-o", merged)).as(err.toString()).isZero();

    RunResult result = JsonResult.read(Path.of(merged, OutputOptions.JSON));
    assertThat(result.commandLine()).isEqualTo("bench merge " + a + " " + b + " -o " + merged);
    assertThat(result.shards())
        .extracting(ShardSummary::commandLine)
        .allSatisfy(line -> assertThat(line).startsWith("bench run loopback"))
        .anySatisfy(line -> assertThat(line).contains("--shard 0/2"))
        .anySatisfy(line -> assertThat(line).contains("--shard 1/2"));
    // Both ran on this host: one clock, whose sync status says nothing about their latencies.
    assertThat(out.toString())
        .contains("clock shared (one host)")
        .doesNotContain("not synchronized");
  }

  @Test
  void mergingWholeRunsIsAUsageErrorSayingTheyAreNotShards() {
    String first = dir.resolve("first").toString();
    String second = dir.resolve("second").toString();
    assertThat(bench("run", "loopback", "-C", "100", "-o", first)).isZero();
    assertThat(bench("run", "loopback", "-C", "100", "-o", second)).isZero();

    assertThat(bench("merge", first, second, "-o", dir.resolve("merged").toString()))
        .isEqualTo(ExitCodes.USAGE);
    assertThat(err.toString().strip())
        .isEqualTo(
            "bench: "
                + first
                + " is the result of a whole run, not of a shard: bench merge takes the"
                + " directories of one workload's shards (bench run --shard I/N)");
  }
}
