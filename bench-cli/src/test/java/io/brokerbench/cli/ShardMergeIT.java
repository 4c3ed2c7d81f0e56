package io.brokerbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.contract.RequiredBroker;
import io.brokerbench.report.JsonResult;
import io.brokerbench.result.ResultSchema;
import io.brokerbench.result.RunResult;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Two shards of one workload against the local RabbitMQ, started together: 2 producers and 2
 * consumers competing for one queue, so each shard's consumer receives the other's messages. Their
 * merge accounts for every message once.
 */
class ShardMergeIT {
  private static final String URI = "amqp://guest:guest@127.0.0.1:5672";

  @TempDir Path dir;

  private static boolean rabbitMqAnswers() {
    try (java.net.Socket socket = new java.net.Socket()) {
      socket.connect(new java.net.InetSocketAddress("127.0.0.1", 5672), 1_000);
      return true;
    } catch (java.io.IOException e) {
      return false;
    }
  }

  private static int bench(StringWriter err, String... args) {
    CommandLine commandLine = BenchCommand.commandLine();
    commandLine.setOut(new PrintWriter(new StringWriter(), true));
    commandLine.setErr(new PrintWriter(err, true));
    return commandLine.execute(args);
  }

  @Test
  void shardsStartedTogetherMergeIntoEveryMessageSentAndReceivedOnce() throws Exception {
    RequiredBroker.require(rabbitMqAnswers(), "RabbitMQ at 127.0.0.1:5672");
    String startAt = Instant.now().plusSeconds(3).toString();
    ExecutorService pool = Executors.newFixedThreadPool(2);
    List<Future<Integer>> runs = new ArrayList<>();
    List<StringWriter> errors = new ArrayList<>();
    for (int shard = 0; shard < 2; shard++) {
      StringWriter err = new StringWriter();
      errors.add(err);
      String[] args = {
        "run",
        "amqp091",
        "-h",
        URI,
        "-u",
        "shard-merge-it",
        "-x",
        "2",
        "-y",
        "2",
        "-r",
        "2000",
        "-z",
        "3s",
        "-c",
        "100",
        "--shard",
        shard + "/2",
        "--producer-id-base",
        "4321",
        "--start-at",
        startAt,
        "-o",
        dir.resolve("shard-" + shard).toString(),
        "--report",
        "brokerbench"
      };
      runs.add(pool.submit(() -> bench(err, args)));
    }
    for (int i = 0; i < runs.size(); i++) {
      assertThat(runs.get(i).get(60, TimeUnit.SECONDS)).as(errors.get(i).toString()).isZero();
    }
    pool.shutdown();

    StringWriter err = new StringWriter();
    int merged =
        bench(
            err,
            "merge",
            dir.resolve("shard-0").toString(),
            dir.resolve("shard-1").toString(),
            "-o",
            dir.resolve("merged").toString());

    assertThat(merged).as(err.toString()).isZero();
    ResultSchema.assertValid(dir.resolve("merged/result.json"));
    RunResult result = JsonResult.read(dir.resolve("merged/result.json"));
    RunResult first = JsonResult.read(dir.resolve("shard-0/result.json"));
    assertThat(first.integrity().foreign()).isZero();
    assertThat(result.shard().totalProducers()).isEqualTo(2);
    assertThat(result.totals().counts().sent()).isEqualTo(6_000);
    assertThat(result.totals().counts().received()).isEqualTo(6_000);
    assertThat(result.integrity().lost()).isZero();
    assertThat(result.integrity().unique()).isEqualTo(6_000);
    assertThat(result.latency().get("e2e").count()).isEqualTo(6_000);

    long logged = 0;
    HistogramLogReader reader = new HistogramLogReader(dir.resolve("merged/latency.hlog").toFile());
    EncodableHistogram h;
    while ((h = reader.nextIntervalHistogram()) != null) {
      if ("e2e".equals(h.getTag())) {
        logged += ((Histogram) h).getTotalCount();
      }
    }
    reader.close();
    assertThat(logged).isEqualTo(6_000);
  }
}
