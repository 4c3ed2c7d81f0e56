package io.brokerbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.report.JsonResult;
import io.brokerbench.report.RunDirectory;
import io.brokerbench.result.MissingShard;
import io.brokerbench.result.ResultSchema;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.ShardSummary;
import io.brokerbench.result.Warning;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bench merge} of loopback shards run in this JVM. */
class MergeCommandTest {
  private final BenchCli cli = new BenchCli();
  @TempDir Path dir;

  private String shard(int index, int count) {
    return shard(index, count, "-x", "2", "-y", "2", "-C", "500");
  }

  /** Runs shard {@code index} of {@code count} of the workload these options give. */
  private String shard(int index, int count, String... workload) {
    String output = dir.resolve("shard-" + index).toString();
    int exit = runShard(output, index, count, workload);
    assertThat(exit).as("%s%s", cli.out(), cli.err()).isZero();
    return output;
  }

  /** Runs shard {@code index} of {@code count} into {@code output}; its exit code. */
  private int runShard(String output, int index, int count, String... workload) {
    List<String> args = new ArrayList<>(List.of("run", "loopback", "-u", "merged-shards"));
    args.addAll(List.of(workload));
    args.addAll(List.of("--shard", index + "/" + count, "-o", output));
    return cli.run(args.toArray(String[]::new));
  }

  @Test
  void theMergedResultCarriesTheMergesCommandLineAndEachShardItsOwn() throws Exception {
    String a = shard(0, 2);
    String b = shard(1, 2);
    String merged = dir.resolve("merged").toString();

    assertThat(cli.run("merge", a, b, "-o", merged)).as(cli.err()).isZero();

    assertThat(cli.out()).startsWith("merged 2 of 2 shards into " + merged + ": completed,");
    RunResult result = JsonResult.read(Path.of(merged, RunDirectory.RESULT));
    assertThat(result.mergedFrom().missingShards()).isEmpty();
    assertThat(result.setup().commandLine())
        .isEqualTo("bench merge " + a + " " + b + " -o " + merged);
    assertThat(result.mergedFrom().shards())
        .extracting(ShardSummary::commandLine)
        .allSatisfy(line -> assertThat(line).startsWith("bench run loopback"))
        .anySatisfy(line -> assertThat(line).contains("--shard 0/2"))
        .anySatisfy(line -> assertThat(line).contains("--shard 1/2"));
    // Both ran on this host: one clock, whose sync status says nothing about their latencies.
    assertThat(cli.out()).contains("clock shared (one host)").doesNotContain("not synchronized");
  }

  @Test
  void aMergeWithoutOneShardIsPartialNamesItAndCountsWhatItWasToSend() throws Exception {
    String[] workload = {"-x", "4", "-y", "4", "-C", "500"};
    String a = shard(0, 4, workload);
    String b = shard(1, 4, workload);
    String d = shard(3, 4, workload);
    String merged = dir.resolve("merged").toString();

    assertThat(cli.run("merge", a, b, d, "-o", merged)).isEqualTo(ExitCodes.RUN_FAILED);

    assertThat(cli.err()).isEqualTo("bench: merged 3 of 4 shards: shard 2 missing\n");
    assertThat(cli.out())
        .startsWith("merged 3 of 4 shards into " + merged + ": partial, sent 1500,")
        .contains(
            "MISSING_SHARDS: shard(s) 2 of 4 not merged: their 500 intended message(s) are"
                + " counted as not sent; messages for their consumers count as lost");
    Path json = Path.of(merged, RunDirectory.RESULT);
    ResultSchema.assertValid(json);
    RunResult result = JsonResult.read(json);
    assertThat(result.ending().status()).isEqualTo(RunResult.PARTIAL);
    assertThat(result.mergedFrom().missingShards())
        .containsExactly(new MissingShard(2, 1, 1, 500L));
    assertThat(result.warned(Warning.MISSING_SHARDS)).isTrue();
  }

  @Test
  void aMergeWithAShardThatLostMessagesExitsAsTheLossyRunWould() {
    String[] workload = {"-x", "2", "-y", "2", "-C", "500"};
    String a = dir.resolve("lossy").toString();
    // A shard cannot tell a loss: its producers' messages may be other shards' to receive.
    assertThat(runShard(a, 0, 2, "-x", "2", "-y", "2", "-C", "500", "--drop-every", "10")).isZero();
    String b = shard(1, 2, workload);

    assertThat(cli.run("merge", a, b, "-o", dir.resolve("merged").toString()))
        .isEqualTo(ExitCodes.LOSS);
    // Shard 0's one producer lost every tenth of its 500.
    assertThat(cli.err()).isEqualTo("bench: the merged run lost 50 message(s)\n");
  }

  @Test
  void aMergeWithAShardThatFailedSaysWhichAndExitsAsAFailedRun() {
    String[] workload = {"-x", "2", "-y", "2", "-C", "500"};
    String a = shard(0, 2, workload);
    String b = dir.resolve("failed").toString();
    assertThat(runShard(b, 1, 2, "-x", "2", "-y", "2", "-C", "500", "--kill-after", "100"))
        .isEqualTo(ExitCodes.RUN_FAILED);

    assertThat(cli.run("merge", a, b, "-o", dir.resolve("merged").toString()))
        .isEqualTo(ExitCodes.RUN_FAILED);
    assertThat(cli.err()).isEqualTo("bench: the merged run did not complete: shard 1 failed\n");
  }

  @Test
  void aTimedRunsMissingShardWasToSendItsShareOfTheRateForTheDuration() throws Exception {
    String first = shard(0, 2, "-x", "2", "-y", "2", "-r", "400", "-z", "1s");
    String merged = dir.resolve("merged").toString();

    assertThat(cli.run("merge", first, "-o", merged)).isEqualTo(ExitCodes.RUN_FAILED);

    assertThat(cli.err()).isEqualTo("bench: merged 1 of 2 shards: shard 1 missing\n");
    RunResult result = JsonResult.read(Path.of(merged, RunDirectory.RESULT));
    assertThat(result.mergedFrom().missingShards())
        .containsExactly(new MissingShard(1, 1, 1, 200L));
  }

  @Test
  void mergingWholeRunsIsAUsageErrorSayingTheyAreNotShards() {
    String first = dir.resolve("first").toString();
    String second = dir.resolve("second").toString();
    assertThat(cli.run("run", "loopback", "-C", "100", "-o", first)).isZero();
    assertThat(cli.run("run", "loopback", "-C", "100", "-o", second)).isZero();

    assertThat(cli.run("merge", first, second, "-o", dir.resolve("merged").toString()))
        .isEqualTo(ExitCodes.USAGE);
    assertThat(cli.err().strip())
        .isEqualTo(
            "bench: "
                + first
                + " is the result of a whole run, not of a shard: bench merge takes the"
                + " directories of one workload's shards (bench run --shard I/N)");
  }
}
