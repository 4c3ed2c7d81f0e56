package io.brokerbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.contract.RequiredBroker;
import io.brokerbench.report.JsonResult;
import io.brokerbench.report.LocalPrometheus;
import io.brokerbench.result.ProducerIntegrity;
import io.brokerbench.result.ResultSchema;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.ShardSummary;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Four shard processes of one workload, each in its own network namespace with its own address
 * where the machine allows it (else plain processes), started from the fat jar as a Kubernetes
 * Indexed Job would start them, then merged with {@code bench merge}.
 */
class ShardProcessesIT {
  private static final int SHARDS = 4;
  private static final Path JAR = Path.of("target/bench-cli.jar");
  private static final int RABBITMQ_PORT = 5672;
  private static final int PROMETHEUS_PORT = 9464;

  @TempDir Path dir;

  @Test
  void fourShardProcessesAgainstOneRabbitMqMergeExactlyAndPrometheusAgrees() throws Exception {
    RequiredBroker.require(answers(RABBITMQ_PORT), "RabbitMQ at 127.0.0.1:5672");
    int perProducer = 3_000;
    String queue = "shard-processes-it-" + System.currentTimeMillis();
    try (ShardHosts hosts = ShardHosts.create(SHARDS, RABBITMQ_PORT)) {
      System.out.println(
          hosts.namespaces()
              ? "shards in network namespaces at 10.231.I.2"
              : "shards as plain processes (no network namespaces here)");
      List<String> targets = new ArrayList<>();
      for (int i = 0; i < SHARDS; i++) {
        targets.add(hosts.shardAddress(i) + ":" + prometheusPort(hosts, i));
      }
      try (LocalPrometheus prometheus = LocalPrometheus.start(dir.resolve("prometheus"), targets)) {
        // 4 producers and 4 consumers compete for one queue: most messages cross shards.
        List<Process> shards =
            start(
                hosts,
                i ->
                    List.of(
                        "amqp091",
                        "-h",
                        "amqp://guest:guest@" + hosts.relayedAddress(i) + ":" + RABBITMQ_PORT,
                        "-u",
                        queue,
                        "-x",
                        String.valueOf(SHARDS),
                        "-y",
                        String.valueOf(SHARDS),
                        "-r",
                        "4000",
                        "-C",
                        String.valueOf(perProducer),
                        "-c",
                        "100",
                        "--prometheus-host",
                        hosts.shardAddress(i),
                        "--prometheus-port",
                        String.valueOf(prometheusPort(hosts, i)),
                        "--prometheus-linger",
                        "4s"));
        awaitAll(shards);
        RunResult merged = merge(ExitCodes.OK);
        long total = (long) SHARDS * perProducer;

        assertThat(merged.figures().totals().counts().sent()).isEqualTo(total);
        assertThat(merged.figures().totals().counts().received()).isEqualTo(total);
        assertThat(merged.figures().integrity().lost()).isZero();
        assertThat(merged.figures().integrity().duplicates()).isZero();
        assertThat(merged.figures().integrity().unique()).isEqualTo(total);
        assertThat(merged.figures().latency().get("e2e").count()).isEqualTo(total);
        assertThat(merged.figures().latency().get("confirm").count())
            .isEqualTo(merged.figures().totals().counts().confirmed());
        assertThat(loggedCount("e2e")).isEqualTo(total);
        // Consumers received messages of other shards' producers, none counted as foreign.
        for (int i = 0; i < SHARDS; i++) {
          RunResult shard = shardResult(i);
          assertThat(shard.figures().integrity().foreign()).isZero();
          assertThat(shard.figures().integrityByProducer()).hasSizeGreaterThan(1);
          // In namespaces each shard reached the broker from its own network.
          assertThat(shard.setup().environment().target()).contains(hosts.relayedAddress(i));
        }
        assertMergedPercentilesAreThoseOfAllValues(merged);
        assertThat(merged.mergedFrom().shards())
            .hasSize(SHARDS)
            .allSatisfy(s -> assertThat(s.status()).isEqualTo("completed"));
        assertThat(merged.mergedFrom().shards().stream().mapToLong(s -> s.counts().sent()).sum())
            .isEqualTo(total);
        assertThat(merged.mergedFrom().shards())
            .extracting(ShardSummary::clock)
            .doesNotContainNull();

        // The shards served their final values for a while (--prometheus-linger), so Prometheus
        // scraped them; the shards have ended since, so their last values are asked over a range.
        assertThat(
                prometheus.query(
                    "sum(max_over_time(brokerbench_messages_total{outcome=\"sent\"}[5m]))"))
            .isEqualTo(total);
        double p99 =
            prometheus.query(
                "histogram_quantile(0.99, sum by (le)"
                    + " (max_over_time(brokerbench_latency_seconds_bucket{kind=\"e2e\"}[5m])))");
        double mergedP99 = merged.figures().latency().get("e2e").p99Micros() / 1e6;
        // Prometheus counts the warm-up-free whole run like the result; its buckets are coarser.
        assertThat(
                Math.abs(LocalPrometheus.bucketIndex(p99) - LocalPrometheus.bucketIndex(mergedP99)))
            .as("bucket of Prometheus' p99 %s s vs the merged p99 %s s", p99, mergedP99)
            .isLessThanOrEqualTo(1);
      }
    }
  }

  @Test
  void aMessageDroppedInOneShardIsLostOnceInTheMerge() throws Exception {
    int perProducer = 1_000;
    try (ShardHosts hosts = ShardHosts.create(SHARDS, RABBITMQ_PORT)) {
      // Producer i sends to queue i, read by consumer i, in shard i's own in-memory broker; shard
      // 2's broker drops its producer's last message.
      List<Process> shards =
          start(
              hosts,
              i -> {
                List<String> args =
                    new ArrayList<>(
                        List.of(
                            "loopback",
                            "-qp",
                            "q-%d",
                            "-qpf",
                            "0",
                            "-qpt",
                            String.valueOf(SHARDS - 1),
                            "-x",
                            String.valueOf(SHARDS),
                            "-y",
                            String.valueOf(SHARDS),
                            "-r",
                            "2000",
                            "-C",
                            String.valueOf(perProducer)));
                if (i == 2) {
                  args.addAll(List.of("--drop-every", String.valueOf(perProducer)));
                }
                return args;
              });
      awaitAll(shards, 0, 0, 3, 0);
      // The merged run lost the message, and exits as a lossy run does.
      RunResult merged = merge(ExitCodes.LOSS);

      assertThat(merged.figures().totals().counts().sent()).isEqualTo((long) SHARDS * perProducer);
      assertThat(merged.figures().integrity().lost()).isEqualTo(1);
      assertThat(merged.figures().integrityByProducer())
          .filteredOn(p -> p.lost() > 0)
          .extracting(ProducerIntegrity::producer, ProducerIntegrity::lost)
          .containsExactly(org.assertj.core.groups.Tuple.tuple(2, 1L));
      assertThat(merged.verdict().warnings())
          .anySatisfy(w -> assertThat(w.message()).startsWith("LOSS: 1 "));
    }
  }

  /** The arguments after {@code bench run} of shard i. */
  private interface ShardArgs {
    List<String> of(int shard);
  }

  private List<Process> start(ShardHosts hosts, ShardArgs args) throws Exception {
    assertThat(JAR).as("the fat jar, built by package").isRegularFile();
    String java = ProcessHandle.current().info().command().orElse("java");
    String startAt = Instant.now().plusSeconds(8).toString();
    List<Process> processes = new ArrayList<>();
    for (int i = 0; i < SHARDS; i++) {
      List<String> command =
          new ArrayList<>(
              List.of(java, "-Xmx256m", "-jar", JAR.toAbsolutePath().toString(), "run"));
      command.addAll(args.of(i));
      command.addAll(
          List.of(
              "--shard",
              i + "/" + SHARDS,
              "--producer-id-base",
              "0",
              "--start-at",
              startAt,
              "-o",
              dir.resolve("shard-" + i).toString(),
              "--report",
              "brokerbench"));
      processes.add(
          new ProcessBuilder(hosts.command(i, command))
              .redirectErrorStream(true)
              .redirectOutput(dir.resolve("shard-" + i + ".out").toFile())
              .start());
    }
    return processes;
  }

  private void awaitAll(List<Process> shards, int... exitCodes) throws Exception {
    for (int i = 0; i < shards.size(); i++) {
      Process p = shards.get(i);
      boolean ended = p.waitFor(120, TimeUnit.SECONDS);
      if (!ended) {
        shards.forEach(Process::destroyForcibly);
      }
      assertThat(ended).as("shard %d ended: %s", i, output(i)).isTrue();
      int expected = exitCodes.length == 0 ? 0 : exitCodes[i];
      assertThat(p.exitValue()).as("shard %d's exit code: %s", i, output(i)).isEqualTo(expected);
      ResultSchema.assertValid(dir.resolve("shard-" + i + "/result.json"));
    }
  }

  private String output(int shard) throws Exception {
    return Files.readString(dir.resolve("shard-" + shard + ".out"));
  }

  private RunResult shardResult(int shard) throws Exception {
    return JsonResult.read(dir.resolve("shard-" + shard + "/result.json"));
  }

  /** Merges the shards' results; the merge exits {@code exit}. */
  private RunResult merge(int exit) throws Exception {
    List<String> args = new ArrayList<>(List.of("merge"));
    for (int i = 0; i < SHARDS; i++) {
      args.add(dir.resolve("shard-" + i).toString());
    }
    args.addAll(List.of("-o", dir.resolve("merged").toString()));
    BenchCli cli = new BenchCli();
    assertThat(cli.run(args.toArray(new String[0])))
        .as("%s%s", cli.err(), shardSummaries())
        .isEqualTo(exit);
    assertThat(cli.out()).contains("merged " + SHARDS + " of " + SHARDS + " shards");
    ResultSchema.assertValid(dir.resolve("merged/result.json"));
    return JsonResult.read(dir.resolve("merged/result.json"));
  }

  /** What each shard counted, for a failed merge's message. */
  private String shardSummaries() throws Exception {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < SHARDS; i++) {
      RunResult shard = shardResult(i);
      text.append(
          String.format(
              "%nshard %d: %s, %s, %s",
              i, shard.ending(), shard.figures().totals().counts(), shard.figures().integrity()));
    }
    return text.toString();
  }

  /** The merged percentiles are those of one histogram holding every shard's values. */
  private void assertMergedPercentilesAreThoseOfAllValues(RunResult merged) throws Exception {
    for (String kind : merged.figures().latency().keySet()) {
      Histogram all = null;
      for (int i = 0; i < SHARDS; i++) {
        Histogram h = shardResult(i).figures().latency().get(kind).decodedHistogram();
        if (all == null) {
          all = h.copy();
        } else {
          all.add(h);
        }
      }
      Histogram m = merged.figures().latency().get(kind).decodedHistogram();
      assertThat(m.getTotalCount()).as(kind).isEqualTo(all.getTotalCount());
      for (double p : new double[] {0, 50, 90, 99, 99.9, 99.99, 100}) {
        assertThat(m.getValueAtPercentile(p))
            .as(kind + " p" + p)
            .isEqualTo(all.getValueAtPercentile(p));
      }
      assertThat(merged.figures().latency().get(kind).p99Micros())
          .as(kind)
          .isEqualTo(all.getValueAtPercentile(99) / 1_000.0);
    }
  }

  private long loggedCount(String tag) throws Exception {
    long logged = 0;
    HistogramLogReader reader = new HistogramLogReader(dir.resolve("merged/latency.hlog").toFile());
    try {
      EncodableHistogram h;
      while ((h = reader.nextIntervalHistogram()) != null) {
        if (tag.equals(h.getTag())) {
          logged += ((Histogram) h).getTotalCount();
        }
      }
    } finally {
      reader.close();
    }
    return logged;
  }

  /** In namespaces every shard has its own address and can use the same port. */
  private static int prometheusPort(ShardHosts hosts, int shard) {
    return hosts.namespaces() ? PROMETHEUS_PORT : PROMETHEUS_PORT + shard;
  }

  private static boolean answers(int port) {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress("127.0.0.1", port), 1_000);
      return true;
    } catch (java.io.IOException e) {
      return false;
    }
  }
}
