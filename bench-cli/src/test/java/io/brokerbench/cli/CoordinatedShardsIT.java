package io.brokerbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.brokerbench.report.JsonResult;
import io.brokerbench.report.RunDirectory;
import io.brokerbench.result.MissingShard;
import io.brokerbench.result.ResultSchema;
import io.brokerbench.result.RunResult;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bench coordinate} with four loopback shard processes from the fat jar, each in its own
 * network namespace (10.232.I.2, dialling the coordinator through a relay on its host side; plain
 * processes where namespaces cannot be made): started together, one late, one killed, one frozen,
 * the coordinator killed and started again.
 */
class CoordinatedShardsIT {
  private static final Path JAR = Path.of("target/bench-cli.jar");
  private static final int SHARDS = 4;
  private static final Duration BOUND = Duration.ofSeconds(120);
  // This machine runs other builds beside the tests: a shard may stall seconds without being lost.
  private static final String PATIENT = "30s";
  // A line of the console table: time, sent/s, received/s, then the latencies.
  private static final String INTERVAL_LINE = "^ +[0-9.]+ +[0-9]+ +[0-9]+ \\|";

  @TempDir Path dir;

  private final List<Process> shards = new ArrayList<>();

  @Test
  void shardsStartTogetherAndTheLiveResultIsTheMergeOfTheirFiles() throws Exception {
    int port = freePort();
    try (ShardHosts hosts = ShardHosts.create("bbco", 232, SHARDS, port)) {
      BenchProcess coordinator =
          coordinator(port, "--ready-timeout", "60s", "--lost-after", PATIENT);
      for (int i = 0; i < SHARDS; i++) {
        // Two hosts of two shards each, by name (a UTS namespace each).
        startShard(hosts, "bbco-host-" + i / 2, port, i, "-z", "4s");
      }

      assertThat(coordinator.waitFor(BOUND))
          .as(coordinator.out() + coordinator.err() + outputs())
          .isZero();
      awaitShards(0, 0, 0, 0);
      assertThat(coordinator.out())
          .contains("8 producer(s), 8 consumer(s)")
          .contains("== brokerbench summary (completed) ==");
      if (hosts.namespaces()) {
        // Each loopback shard's consumers hear its own producers alone: all pairs on one host.
        assertThat(coordinator.out())
            .containsPattern(
                "e2e p99 [0-9.]+ ms.* across 2 hosts.*; across hosts p99 -, on one host p99"
                    + " [0-9.]+ ms \\(100 % of messages, one clock\\)");
      }

      Instant first = Instant.MAX;
      Instant last = Instant.MIN;
      List<String> dirs = new ArrayList<>();
      List<Long> firstIntervals = new ArrayList<>();
      for (int i = 0; i < SHARDS; i++) {
        RunResult shard = JsonResult.read(shardDir(i).resolve(RunDirectory.RESULT));
        firstIntervals.add(shard.figures().intervals().get(0).startEpochMillis());
        Instant start = Instant.parse(shard.setup().environment().startTime());
        first = start.isBefore(first) ? start : first;
        last = start.isAfter(last) ? start : last;
        dirs.add(shardDir(i).toString());
      }
      Duration skew = Duration.between(first, last);
      System.out.printf(
          "start skew across %d shards (%s): %.3f ms%n",
          SHARDS, hosts.namespaces() ? "namespaces" : "processes", skew.toNanos() / 1e6);
      assertThat(firstIntervals).as("one start boundary").containsOnly(firstIntervals.get(0));
      assertThat(skew).as("the shards woke for one start").isLessThan(Duration.ofMillis(500));

      List<String> merge = new ArrayList<>(List.of("merge"));
      merge.addAll(dirs);
      merge.addAll(List.of("-o", dir.resolve("merged").toString()));
      assertThat(new BenchCli().run(merge.toArray(String[]::new))).isZero();
      assertThat(withoutCommandLine(dir.resolve("live")))
          .isEqualTo(withoutCommandLine(dir.resolve("merged")));
    } finally {
      killShards();
    }
  }

  @Test
  void aCoordinatorKilledDuringTheRunIsRestartedAndItsResultIsStillTheMerge() throws Exception {
    int port = freePort();
    try (ShardHosts hosts = ShardHosts.create("bbco", 232, SHARDS, port)) {
      BenchProcess first = coordinator(dir.resolve("killed"), port, "--lost-after", PATIENT);
      for (int i = 0; i < SHARDS; i++) {
        startShard(hosts, port, i, "-z", "20s");
      }
      first.awaitLine(INTERVAL_LINE, 2, BOUND);
      first.signal("KILL");
      first.waitFor(BOUND);

      BenchProcess second = coordinator(port, "--lost-after", PATIENT);
      assertThat(second.waitFor(BOUND)).as(second.out() + second.err() + outputs()).isZero();
      awaitShards(0, 0, 0, 0);
      assertThat(second.out())
          .containsPattern("picking up the run that started at \\S+ with shard\\(s\\) 0, 1, 2, 3")
          .contains("8 producer(s), 8 consumer(s)")
          .contains("== brokerbench summary (completed) ==");
      List<String> merge = new ArrayList<>(List.of("merge"));
      for (int i = 0; i < SHARDS; i++) {
        merge.add(shardDir(i).toString());
      }
      merge.addAll(List.of("-o", dir.resolve("merged").toString()));
      assertThat(new BenchCli().run(merge.toArray(String[]::new))).isZero();
      assertThat(withoutCommandLine(dir.resolve("live")))
          .as("every interval, those the killed coordinator had too")
          .isEqualTo(withoutCommandLine(dir.resolve("merged")));
    } finally {
      killShards();
    }
  }

  @Test
  void aLateShardIsRefusedAndTheRunStartsWithoutItNamedPartial() throws Exception {
    int port = freePort();
    try (ShardHosts hosts = ShardHosts.create("bbco", 232, SHARDS, port)) {
      BenchProcess coordinator =
          coordinator(
              port, "--ready-timeout", "15s", "--missing", "start", "--lost-after", PATIENT);
      for (int i = 0; i < SHARDS - 1; i++) {
        // Long enough for the late shard's JVM to start and dial while the run goes on, on a
        // machine busy with other tests (4 s once ended before it dialled).
        startShard(hosts, port, i, "-z", "20s");
      }
      coordinator.awaitLine("^starting without shard\\(s\\) 3: not ready within 15 s$", 1, BOUND);
      startShard(hosts, port, SHARDS - 1, "-z", "4s");

      assertThat(coordinator.waitFor(BOUND)).isEqualTo(ExitCodes.RUN_FAILED);
      awaitShards(0, 0, 0, ExitCodes.RUN_FAILED);
      assertThat(coordinator.err()).contains("bench: the run is partial: shard(s) 3 missing");
      RunResult late = JsonResult.read(shardDir(3).resolve(RunDirectory.RESULT));
      assertThat(late.ending().status()).isEqualTo(RunResult.FAILED);
      assertThat(late.ending().error())
          .isEqualTo(
              "the coordinator refused this shard: the run started without shard 3 (it was not"
                  + " ready in time)");
      RunResult live = liveResult();
      assertThat(live.ending().status()).isEqualTo(RunResult.PARTIAL);
      assertThat(live.mergedFrom().missingShards())
          .extracting(MissingShard::index)
          .containsExactly(3);
    } finally {
      killShards();
    }
  }

  @Test
  void aKilledShardIsNamedAtOnceAndTheOthersRunOnToAPartialResult() throws Exception {
    int port = freePort();
    try (ShardHosts hosts = ShardHosts.create("bbco", 232, SHARDS, port)) {
      BenchProcess coordinator = coordinator(port, "--lost-after", PATIENT);
      for (int i = 0; i < SHARDS; i++) {
        startShard(hosts, port, i, "-z", "8s");
      }
      // The second merged interval: every shard is sending.
      coordinator.awaitLine(INTERVAL_LINE, 2, BOUND);
      long killedAt = System.nanoTime();
      shards.get(2).destroyForcibly();

      coordinator.awaitLine(
          "^shard 2 lost: its connection closed; the run goes on without it$", 1, BOUND);
      Duration noticed = Duration.ofNanos(System.nanoTime() - killedAt);
      System.out.printf("killed shard named after %d ms%n", noticed.toMillis());
      assertThat(noticed)
          .as("named at once, not after --lost-after")
          .isLessThan(Duration.ofSeconds(3));
      assertThat(coordinator.waitFor(BOUND)).isEqualTo(ExitCodes.RUN_FAILED);
      for (int i : List.of(0, 1, 3)) {
        assertThat(shards.get(i).waitFor(BOUND.toSeconds(), TimeUnit.SECONDS)).isTrue();
        assertThat(shards.get(i).exitValue()).as(output(i)).isZero();
      }
      RunResult live = liveResult();
      assertThat(live.ending().status()).isEqualTo(RunResult.PARTIAL);
      assertThat(live.mergedFrom().missingShards())
          .extracting(MissingShard::index)
          .containsExactly(2);
      assertThat(live.mergedFrom().missingShards().get(0).intendedMessages()).isEqualTo(4_000L);
      assertThat(live.figures().intervals().get(0).counts().sent())
          .as("the lost shard's figures until then are in the intervals")
          .isGreaterThan(
              live.mergedFrom().shards().stream().mapToLong(s -> s.counts().sent()).sum()
                  / live.figures().intervals().size());
    } finally {
      killShards();
    }
  }

  @Test
  void aFrozenShardIsLostAfterTheBoundAndTheOthersAreStoppedWithTheirResultsWritten()
      throws Exception {
    int port = freePort();
    try (ShardHosts hosts = ShardHosts.create("bbco", 232, SHARDS, port)) {
      BenchProcess coordinator = coordinator(port, "--lost-after", "8s", "--on-lost", "stop");
      for (int i = 0; i < SHARDS; i++) {
        startShard(hosts, port, i, "-z", "60s");
      }
      coordinator.awaitLine(INTERVAL_LINE, 2, BOUND);
      signal(shards.get(1), "STOP");

      coordinator.awaitLine(
          "^shard 1 lost: silent for 8 s \\(no heartbeat, no interval\\); stopping the run$",
          1,
          BOUND);
      assertThat(coordinator.waitFor(BOUND)).isEqualTo(ExitCodes.RUN_FAILED);
      for (int i : List.of(0, 2, 3)) {
        assertThat(shards.get(i).waitFor(BOUND.toSeconds(), TimeUnit.SECONDS)).isTrue();
        assertThat(shards.get(i).exitValue()).as(output(i)).isEqualTo(ExitCodes.INTERRUPTED);
        ResultSchema.assertValid(shardDir(i).resolve(RunDirectory.RESULT));
      }
      RunResult live = liveResult();
      assertThat(live.mergedFrom().missingShards())
          .extracting(MissingShard::index)
          .containsExactly(1);
      assertThat(live.mergedFrom().shards()).hasSize(3);
    } finally {
      killShards();
    }
  }

  @Test
  void aThresholdThatCanNoLongerHoldStopsEveryShardWithItsResultsWritten() throws Exception {
    int port = freePort();
    try (ShardHosts hosts = ShardHosts.create("bbco", 232, SHARDS, port)) {
      BenchProcess coordinator =
          coordinator(port, "--lost-after", PATIENT, "--assert", "sent < 3k", "--abort-on-fail");
      for (int i = 0; i < SHARDS; i++) {
        startShard(hosts, port, i, "-z", "60s");
      }

      coordinator.awaitLine(
          "^threshold FAILED: sent < 3k \\(measured [0-9,]+\\) so far, and can no longer hold:"
              + " stopping the run$",
          1,
          BOUND);
      assertThat(coordinator.waitFor(BOUND)).isEqualTo(ExitCodes.THRESHOLD_FAILED);
      assertThat(coordinator.err()).startsWith("bench: threshold FAILED: sent < 3k (measured ");
      awaitShards(
          ExitCodes.INTERRUPTED,
          ExitCodes.INTERRUPTED,
          ExitCodes.INTERRUPTED,
          ExitCodes.INTERRUPTED);
      RunResult live = liveResult();
      assertThat(live.thresholdsPassed()).isFalse();
      assertThat(live.mergedFrom().shards()).hasSize(SHARDS);
      assertThat(live.figures().totals().sendSeconds())
          .as("stopped, not run to its end")
          .isLessThan(30);
    } finally {
      killShards();
    }
  }

  private BenchProcess coordinator(int port, String... options) throws IOException {
    return coordinator(dir.resolve("live"), port, options);
  }

  private BenchProcess coordinator(Path output, int port, String... options) throws IOException {
    List<String> args =
        new ArrayList<>(
            List.of(
                "coordinate",
                "--shards",
                String.valueOf(SHARDS),
                "--host",
                "127.0.0.1",
                "--port",
                String.valueOf(port),
                "-o",
                output.toString()));
    args.addAll(List.of(options));
    return BenchProcess.start(args.toArray(String[]::new));
  }

  private void startShard(ShardHosts hosts, int port, int i, String... workload)
      throws IOException {
    startShard(hosts, null, port, i, workload);
  }

  private void startShard(ShardHosts hosts, String hostName, int port, int i, String... workload)
      throws IOException {
    assertThat(JAR).as("the fat jar, built by package").isRegularFile();
    String java = ProcessHandle.current().info().command().orElse("java");
    List<String> command =
        new ArrayList<>(
            List.of(
                java,
                "-Xmx256m",
                // Loopback shards at 2,000 msg/s need no optimizing compiler: the quick one alone
                // halves what starting five JVMs a test costs the machine beside the other tests.
                "-XX:TieredStopAtLevel=1",
                "-XX:+UseSerialGC",
                "-jar",
                JAR.toAbsolutePath().toString(),
                "run",
                "loopback",
                "-x",
                "8",
                "-y",
                "8",
                "-r",
                "2000",
                "-u",
                "coordinated"));
    command.addAll(List.of(workload));
    command.addAll(
        List.of(
            "--shard",
            i + "/" + SHARDS,
            "--coordinator",
            hosts.relayedAddress(i) + ":" + port,
            "-o",
            shardDir(i).toString()));
    shards.add(
        new ProcessBuilder(hosts.command(i, hostName, command))
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("shard-" + i + ".out").toFile())
            .start());
  }

  private void awaitShards(int... exitCodes) throws Exception {
    for (int i = 0; i < shards.size(); i++) {
      Process p = shards.get(i);
      assertThat(p.waitFor(BOUND.toSeconds(), TimeUnit.SECONDS))
          .as("shard %d ended: %s", i, output(i))
          .isTrue();
      assertThat(p.exitValue()).as("shard %d: %s", i, output(i)).isEqualTo(exitCodes[i]);
      ResultSchema.assertValid(shardDir(i).resolve(RunDirectory.RESULT));
    }
  }

  private void killShards() {
    for (Process p : shards) {
      // A frozen process takes no signal but KILL.
      p.destroyForcibly();
    }
  }

  private static void signal(Process p, String signal) throws Exception {
    assertThat(
            new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid()))
                .start()
                .waitFor(10, TimeUnit.SECONDS))
        .isTrue();
  }

  private Path shardDir(int i) {
    return dir.resolve("shard-" + i);
  }

  private String output(int i) throws IOException {
    return Files.readString(dir.resolve("shard-" + i + ".out"));
  }

  private String outputs() throws IOException {
    StringBuilder all = new StringBuilder();
    for (int i = 0; i < shards.size(); i++) {
      all.append("\n--- shard ").append(i).append(":\n").append(output(i));
    }
    return all.toString();
  }

  private RunResult liveResult() throws IOException {
    Path file = dir.resolve("live").resolve(RunDirectory.RESULT);
    ResultSchema.assertValid(file);
    return JsonResult.read(file);
  }

  private static ObjectNode withoutCommandLine(Path dir) throws IOException {
    ObjectNode tree = (ObjectNode) JsonResult.tree(dir.resolve(RunDirectory.RESULT));
    tree.remove("commandLine");
    return tree;
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }
}
