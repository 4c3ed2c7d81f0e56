package io.brokerbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.brokerbench.report.JsonResult;
import io.brokerbench.report.RunDirectory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code bench coordinate} with loopback shards run in this JVM, and its usage errors. */
class CoordinateCommandTest {
  private static final Pattern LISTENING = Pattern.compile("on 127\\.0\\.0\\.1:(\\d+)");

  @TempDir Path dir;

  private final BenchCli cli = new BenchCli();

  @Test
  @Timeout(120)
  void theCoordinatorsResultIsTheMergeOfTheShardsFiles() throws Exception {
    BenchCli coordinatorCli = new BenchCli();
    Path merged = dir.resolve("live");
    CompletableFuture<Integer> coordinator =
        CompletableFuture.supplyAsync(
            () ->
                coordinatorCli.run(
                    "coordinate",
                    "--shards",
                    "2",
                    "--host",
                    "127.0.0.1",
                    "--port",
                    "0",
                    "-o",
                    merged.toString()));
    int port = awaitPort(coordinatorCli);
    List<CompletableFuture<Integer>> shards = new ArrayList<>();
    List<BenchCli> shardClis = new ArrayList<>();
    for (int i = 0; i < 2; i++) {
      BenchCli shardCli = new BenchCli();
      shardClis.add(shardCli);
      String[] args = {
        "run",
        "loopback",
        "-x",
        "2",
        "-y",
        "2",
        "-r",
        "1000",
        "-z",
        "2s",
        "-u",
        "coordinated",
        "--shard",
        i + "/2",
        "--coordinator",
        "127.0.0.1:" + port,
        "-o",
        dir.resolve("s" + i).toString()
      };
      shards.add(CompletableFuture.supplyAsync(() -> shardCli.run(args)));
    }

    for (int i = 0; i < 2; i++) {
      assertThat(shards.get(i).get(60, TimeUnit.SECONDS)).as(shardClis.get(i).err()).isZero();
    }
    assertThat(coordinator.get(60, TimeUnit.SECONDS))
        .as(coordinatorCli.out() + coordinatorCli.err())
        .isZero();
    assertThat(coordinatorCli.out())
        .contains("2 producer(s), 2 consumer(s)")
        .contains("== brokerbench summary (completed) ==");

    Path byMerge = dir.resolve("merged");
    assertThat(
            cli.run(
                "merge",
                dir.resolve("s0").toString(),
                dir.resolve("s1").toString(),
                "-o",
                byMerge.toString()))
        .as(cli.err())
        .isZero();
    assertThat(withoutCommandLine(merged)).isEqualTo(withoutCommandLine(byMerge));
  }

  private static JsonNode withoutCommandLine(Path dir) throws Exception {
    ObjectNode tree = (ObjectNode) JsonResult.tree(dir.resolve(RunDirectory.RESULT));
    tree.remove("commandLine");
    return tree;
  }

  private static int awaitPort(BenchCli coordinator) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (System.nanoTime() - deadline < 0) {
      Matcher m = LISTENING.matcher(coordinator.out());
      if (m.find()) {
        return Integer.parseInt(m.group(1));
      }
      Thread.sleep(20);
    }
    throw new AssertionError("the coordinator did not say where it listens: " + coordinator.err());
  }

  @Test
  void aCoordinatorWithoutItsShardCountIsAUsageError() {
    assertThat(cli.run("coordinate")).isEqualTo(ExitCodes.USAGE);
    assertThat(cli.err()).startsWith("bench: Missing required option: '--shards=N'");
  }

  @Test
  void aPolicyThatIsNotOneOfTheChoicesIsNamedInOneLine() {
    assertThat(cli.run("coordinate", "--shards", "2", "--missing", "maybe"))
        .isEqualTo(ExitCodes.USAGE);
    assertThat(cli.errorLine()).isEqualTo("bench: --missing 'maybe' is not start or fail");
    assertThat(cli.run("coordinate", "--shards", "2", "--on-lost", "wait"))
        .isEqualTo(ExitCodes.USAGE);
    assertThat(cli.errorLine()).isEqualTo("bench: --on-lost 'wait' is not continue or stop");
  }

  @Test
  void abortingNeedsAThresholdAndAThresholdMustNotNeedABaseline() {
    assertThat(cli.run("coordinate", "--shards", "2", "--abort-on-fail"))
        .isEqualTo(ExitCodes.USAGE);
    assertThat(cli.errorLine())
        .isEqualTo("bench: --abort-on-fail needs a threshold: give --assert");
    assertThat(cli.run("coordinate", "--shards", "2", "--assert", "e2e.p99 < baseline * 1.1"))
        .isEqualTo(ExitCodes.USAGE);
    assertThat(cli.errorLine())
        .isEqualTo(
            "bench: threshold 'e2e.p99 < baseline * 1.1' compares with a baseline: use it with"
                + " bench compare");
  }

  @Test
  void aShardJoinsACoordinatorOnlyAsAShardAndWithoutAStartTime() {
    assertThat(cli.run("run", "loopback", "-u", "q", "--coordinator", "127.0.0.1:7070"))
        .isEqualTo(ExitCodes.USAGE);
    assertThat(cli.errorLine())
        .startsWith("bench: --coordinator joins a sharded run: give --shard");

    assertThat(
            cli.run(
                "run",
                "loopback",
                "-u",
                "q",
                "-x",
                "2",
                "-y",
                "2",
                "--shard",
                "0/2",
                "--coordinator",
                "127.0.0.1:7070",
                "--start-at",
                "2030-01-01T00:00:00Z"))
        .isEqualTo(ExitCodes.USAGE);
    assertThat(cli.errorLine()).startsWith("bench: --coordinator and --start-at both say");
  }

  @Test
  void aCoordinatorAddressThatIsNotHostAndPortIsAUsageError() {
    assertThat(
            cli.run(
                "run",
                "loopback",
                "-u",
                "q",
                "-x",
                "2",
                "-y",
                "2",
                "--shard",
                "0/2",
                "--coordinator",
                "coordinator"))
        .isEqualTo(ExitCodes.USAGE);
    assertThat(cli.errorLine())
        .isEqualTo("bench: --coordinator 'coordinator' is not HOST:PORT, such as coordinator:7070");
  }
}
