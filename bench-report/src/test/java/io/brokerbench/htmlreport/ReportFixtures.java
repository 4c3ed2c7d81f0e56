package io.brokerbench.htmlreport;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.brokerbench.BenchmarkRun;
import io.brokerbench.contract.DelegatingDriver;
import io.brokerbench.loopback.LoopbackDriver;
import io.brokerbench.loopback.LoopbackOptions;
import io.brokerbench.rate.NanoClock;
import io.brokerbench.report.HistogramLog;
import io.brokerbench.report.HistogramLogMerge;
import io.brokerbench.report.JsonResult;
import io.brokerbench.result.BacklogResult;
import io.brokerbench.result.ConnectionsResult;
import io.brokerbench.result.FlowControl;
import io.brokerbench.result.IntegrityCounts;
import io.brokerbench.result.RequestReplyCounts;
import io.brokerbench.result.ResultMerge;
import io.brokerbench.result.RunExtras;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.RunVerdict;
import io.brokerbench.result.TestResults;
import io.brokerbench.result.Totals;
import io.brokerbench.result.Warning;
import io.brokerbench.spi.BrokerLoadReader;
import io.brokerbench.spi.BrokerNodeReading;
import io.brokerbench.spi.Driver;
import io.brokerbench.workload.Backlog;
import io.brokerbench.workload.Connections;
import io.brokerbench.workload.Destinations;
import io.brokerbench.workload.RateProfile;
import io.brokerbench.workload.RequestReply;
import io.brokerbench.workload.Shard;
import io.brokerbench.workload.Workload;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Result and scenario directories as reports read them: of real loopback runs, a few seconds each,
 * and of a result made by hand.
 */
final class ReportFixtures {
  private ReportFixtures() {}

  /** A run of three rate steps (1k, 3k, 6k msg/s, 1 s each) after a 0.5 s warm-up. */
  static Path steppedRun(Path dir) throws Exception {
    Workload workload =
        base()
            .rate(RateProfile.stepped(Duration.ofSeconds(1), 1_000, 3_000, 6_000))
            .warmup(Duration.ofMillis(500))
            .build();
    return write(dir, run(workload, Map.of()));
  }

  /**
   * The merge of two shards of one workload (2 producers each reading its own queue, 2 consumers),
   * each shard run at the same instant on its own loopback broker as a shard process would be,
   * merged with its HdrHistogram logs as {@code bench merge} does.
   */
  static Path mergedShards(Path dir) throws Exception {
    Workload whole =
        base()
            .producers(2)
            .consumers(2)
            .destinations(Destinations.pattern("shard-%d", 0, 1))
            .rate(2_000)
            .duration(Duration.ofSeconds(1))
            .build();
    List<Path> logs = new ArrayList<>();
    List<Future<RunResult>> runs = new ArrayList<>();
    Files.createDirectories(dir);
    Instant startAt = Instant.now().plusSeconds(1);
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      for (int i = 0; i < 2; i++) {
        Shard.Part part = Shard.of(whole, i, 2);
        Path log = dir.resolve("shard-" + i + ".hlog");
        logs.add(log);
        BenchmarkRun run =
            BenchmarkRun.builder(part.workload())
                .driver("loopback", Map.of())
                .shard(part.shard())
                .startAt(startAt)
                .sink(new HistogramLog(log))
                .build();
        runs.add(pool.submit(run::run));
      }
      List<RunResult> shards = new ArrayList<>();
      for (Future<RunResult> run : runs) {
        shards.add(run.get(60, TimeUnit.SECONDS));
      }
      return write(
          dir, ResultMerge.of(shards, HistogramLogMerge.merge(logs, dir.resolve("merged.hlog"))));
    } finally {
      pool.shutdownNow();
    }
  }

  /**
   * A scenario of four cells: rate 2k or 6k msg/s, by a loopback that never stalls or stalls one
   * send for 200 ms; and a fifth cell that failed without a result.
   */
  static Path scenario(Path dir) throws Exception {
    return scenario(dir, List.of("2000", "6000"));
  }

  /**
   * A scenario of a cell for each of these rates by a loopback that never stalls and one that
   * stalls a send for 200 ms, 2 s each; and a last cell at 9k msg/s that failed without a result.
   */
  static Path scenario(Path dir, List<String> rates) throws Exception {
    List<Map<String, Object>> cells = new ArrayList<>();
    int index = 0;
    for (String stall : List.of("none", "200ms")) {
      for (String rate : rates) {
        String id = String.format("%03d-rate=%s,stall=%s", index, rate, stall);
        Map<String, String> options =
            stall.equals("none") ? Map.of() : Map.of("stall-after", "1500", "stall-ms", "200");
        Workload workload =
            base().rate(Double.parseDouble(rate)).duration(Duration.ofSeconds(2)).build();
        write(dir.resolve("cells").resolve(id), run(workload, options));
        cells.add(cell(index++, id, Map.of("rate", rate, "stall", stall), "completed"));
      }
    }
    String failed = String.format("%03d-rate=9000,stall=none", index);
    cells.add(cell(index, failed, Map.of("rate", "9000", "stall", "none"), "failed"));
    List<String> rateValues = new ArrayList<>(rates);
    rateValues.add("9000");
    return writeIndex(
        dir,
        "loopback-rates",
        List.of(
            Map.of("name", "rate", "values", rateValues),
            Map.of("name", "stall", "values", List.of("none", "200ms"))),
        cells);
  }

  /**
   * A request-reply scenario of two cells at 100 and 300 requests/s by the loopback, whose replier
   * answers each request 2 ms after it came: every round trip takes 2 ms or more. Each cell reads a
   * broker ({@link BrokerAtRate}) that uses 10 % of a core per 100 requests/s and 40 MiB plus 64
   * KiB per request/s.
   */
  static Path requestReplyScenario(Path dir) throws Exception {
    List<Map<String, Object>> cells = new ArrayList<>();
    List<String> rates = List.of("100", "300");
    for (int i = 0; i < rates.size(); i++) {
      String id = String.format("%03d-rate=%s", i, rates.get(i));
      Workload workload =
          base()
              .rate(Double.parseDouble(rates.get(i)))
              .duration(Duration.ofSeconds(1))
              .requestReply(new RequestReply(true, Duration.ofSeconds(5), Duration.ofMillis(2)))
              .build();
      BrokerAtRate load = new BrokerAtRate(Double.parseDouble(rates.get(i)));
      Driver broker =
          new DelegatingDriver(new LoopbackDriver(LoopbackOptions.DEFAULTS, NanoClock.system())) {

            @Override
            public BrokerLoadReader brokerLoad() {
              return load;
            }
          };
      write(
          dir.resolve("cells").resolve(id),
          BenchmarkRun.builder(workload).driver(broker).build().run());
      cells.add(cell(i, id, Map.of("rate", rates.get(i)), "completed"));
    }
    // The study's share of round trips under 20 ms, as its file asks (latency-bound: 20ms).
    return writeIndex(
        dir,
        "request-reply",
        List.of(Map.of("name", "rate", "values", rates)),
        cells,
        Map.of("latencyBoundMillis", 20.0));
  }

  /**
   * A scenario of producers alone, as RocketMQ's benchmark tool runs them: a cell each for 1 and 2
   * producers sending as the loopback confirms them, 500 msg/s for each producer, for 1 s.
   */
  static Path producersAloneScenario(Path dir) throws Exception {
    List<Map<String, Object>> cells = new ArrayList<>();
    List<String> producers = List.of("1", "2");
    for (int i = 0; i < producers.size(); i++) {
      String id = String.format("%03d-producers=%s", i, producers.get(i));
      Workload workload =
          base()
              .producers(Integer.parseInt(producers.get(i)))
              .consumers(0)
              .rate(500 * Integer.parseInt(producers.get(i)))
              .duration(Duration.ofSeconds(1))
              .build();
      write(dir.resolve("cells").resolve(id), run(workload, Map.of()));
      cells.add(cell(i, id, Map.of("producers", producers.get(i)), "completed"));
    }
    return writeIndex(
        dir, "producers-alone", List.of(Map.of("name", "producers", "values", producers)), cells);
  }

  /**
   * A backlog scenario of two cells by the loopback: 1,000 messages queued by producers that then
   * stop, and by producers that go on at 500 msg/s for 2 s while the consumers drain it.
   */
  static Path backlogScenario(Path dir) throws Exception {
    List<Map<String, Object>> cells = new ArrayList<>();
    List<String> labels = List.of("stop", "continue");
    for (int i = 0; i < labels.size(); i++) {
      String id = String.format("%03d-producers-after-backlog=%s", i, labels.get(i));
      boolean stop = labels.get(i).equals("stop");
      Workload.Builder workload = base().backlog(new Backlog(1_000, stop));
      workload =
          stop
              ? workload.messagesPerProducer(1_000)
              : workload.rate(500).duration(Duration.ofSeconds(2));
      write(dir.resolve("cells").resolve(id), run(workload.build(), Map.of()));
      cells.add(cell(i, id, Map.of("producers-after-backlog", labels.get(i)), "completed"));
    }
    return writeIndex(
        dir,
        "backlog",
        List.of(Map.of("name", "producers-after-backlog", "values", labels)),
        cells);
  }

  /**
   * A scenario of one combination ({@code rate=1000}) repeated 6 times, made by hand: the
   * repetitions' every end-to-end figure is 1, 2, … 6 ms, and each sent 1,000 msg/s.
   */
  static Path repeatedScenario(Path dir) throws Exception {
    List<Map<String, Object>> cells = new ArrayList<>();
    for (int rep = 0; rep < 6; rep++) {
      String id = String.format("%03d-rate=1000-rep=%d", rep, rep);
      write(dir.resolve("cells").resolve(id), TestResults.completedWithE2e(1_000.0 * (rep + 1)));
      Map<String, Object> cell = cell(rep, id, Map.of("rate", "1000"), "completed");
      cell.put("repetition", rep);
      cells.add(cell);
    }
    return writeIndex(
        dir, "repeated", List.of(Map.of("name", "rate", "values", List.of("1000"))), cells);
  }

  private static Path writeIndex(
      Path dir, String name, List<Map<String, Object>> axes, List<Map<String, Object>> cells)
      throws Exception {
    return writeIndex(dir, name, axes, cells, Map.of());
  }

  /** The same with more of the index's fields, as a scenario file sets them. */
  private static Path writeIndex(
      Path dir,
      String name,
      List<Map<String, Object>> axes,
      List<Map<String, Object>> cells,
      Map<String, Object> more)
      throws Exception {
    Map<String, Object> scenario = new LinkedHashMap<>();
    scenario.put("schema", ScenarioFile.SCHEMA);
    scenario.put("name", name);
    scenario.put("file", "scenarios/" + name + ".yaml");
    scenario.put("axes", axes);
    scenario.put("cells", cells);
    scenario.putAll(more);
    new ObjectMapper()
        .enable(SerializationFeature.INDENT_OUTPUT)
        .writeValue(dir.resolve(ScenarioFile.NAME).toFile(), scenario);
    return dir;
  }

  /**
   * A result made by hand in {@code dir}: 10 messages, no interval, no latency, one LOSS warning
   * with this message.
   */
  static Path handMadeRun(Path dir, String warning) throws Exception {
    return handMadeRun(
        dir,
        Workload.builder().destination("q").messagesPerProducer(10).build(),
        new Warning(Warning.LOSS, warning),
        io.brokerbench.result.ConnectionLosses.NONE);
  }

  /** The same with a GENERATOR_CPU warning instead: a suspect run. */
  static Path suspectRun(Path dir) throws Exception {
    return handMadeRun(
        dir,
        Workload.builder().destination("q").messagesPerProducer(10).build(),
        new Warning(Warning.GENERATOR_CPU, "GENERATOR_CPU: the generator's process used 97 %"),
        io.brokerbench.result.ConnectionLosses.NONE);
  }

  /** The same, run with {@code --on-connection-loss reconnect} through two lost connections. */
  static Path reconnectedRun(Path dir) throws Exception {
    io.brokerbench.result.ConnectionLosses losses =
        new io.brokerbench.result.ConnectionLosses(
            2, 2, 5.2, false, 5, List.of("CONNECTION_FORCED - broker forced connection closure"));
    return handMadeRun(
        dir,
        Workload.builder()
            .destination("q")
            .messagesPerProducer(10)
            .connectionLoss(io.brokerbench.workload.ConnectionLossPolicy.RECONNECT)
            .build(),
        losses.warnings().get(0),
        losses);
  }

  private static Path handMadeRun(
      Path dir, Workload workload, Warning warning, io.brokerbench.result.ConnectionLosses losses)
      throws Exception {
    RunResult plain =
        TestResults.completed(
            workload,
            Totals.of(TestResults.counts(10, 10, 10), 1, 1, 1_000_000, 50_000_000),
            Map.of(),
            IntegrityCounts.NONE);
    return write(
        dir,
        plain
            .withVerdict(RunVerdict.of(List.of(warning)))
            .withExtras(
                new RunExtras(
                    FlowControl.NONE,
                    BacklogResult.NONE,
                    RequestReplyCounts.NONE,
                    ConnectionsResult.NONE,
                    losses,
                    null)));
  }

  private static Map<String, Object> cell(
      int index, String id, Map<String, String> axes, String status) {
    Map<String, Object> cell = new LinkedHashMap<>();
    cell.put("index", index);
    cell.put("id", id);
    cell.put("axes", new java.util.TreeMap<>(axes));
    cell.put("repetition", 0);
    cell.put("dir", "cells/" + id);
    cell.put("status", status);
    return cell;
  }

  /** 200 idle connections with 2 channels each, held 1 s, and no messages. */
  /**
   * A scenario of idle connections by the loopback: 100 connections with 1 or 2 channels each, 1 s;
   * the loopback reads no broker, so each result is given broker memory by hand afterwards, 64 KiB
   * per connection per channel, as a broker's management API would report it.
   */
  static Path connectionsScenario(Path dir) throws Exception {
    List<Map<String, Object>> cells = new ArrayList<>();
    List<String> channels = List.of("1", "2");
    for (int i = 0; i < channels.size(); i++) {
      int n = Integer.parseInt(channels.get(i));
      String id = String.format("%03d-channels=%s", i, channels.get(i));
      Workload workload =
          base()
              .producers(0)
              .consumers(0)
              .connections(new Connections(100, n, 1_000))
              .duration(Duration.ofSeconds(1))
              .build();
      Path cellDir = write(dir.resolve("cells").resolve(id), run(workload, Map.of()));
      ObjectMapper json = new ObjectMapper();
      Path file = cellDir.resolve(ResultFile.NAME);
      ObjectNode tree = (ObjectNode) json.readTree(file.toFile());
      ((ObjectNode) tree.get("connections")).put("brokerBytesPerConnection", 64 * 1024 * n);
      json.writeValue(file.toFile(), tree);
      cells.add(cell(i, id, Map.of("channels", channels.get(i)), "completed"));
    }
    return writeIndex(
        dir, "connections", List.of(Map.of("name", "channels", "values", channels)), cells);
  }

  static Path idleConnections(Path dir) throws Exception {
    Workload workload =
        base()
            .producers(0)
            .consumers(0)
            .connections(new Connections(200, 2, 2_000))
            .duration(Duration.ofSeconds(1))
            .build();
    return write(dir, run(workload, Map.of()));
  }

  /** A broker whose load follows the rate it is sent: the report's broker figures are known. */
  private static final class BrokerAtRate implements BrokerLoadReader {
    private final long born = System.nanoTime();
    private final double rate;

    BrokerAtRate(double rate) {
      this.rate = rate;
    }

    @Override
    public String source() {
      return "the fixture's broker at " + rate + " msg/s";
    }

    @Override
    public List<BrokerNodeReading> read() {
      double seconds = (System.nanoTime() - born) / 1e9;
      return List.of(
          new BrokerNodeReading(
              "rabbit@fixture",
              (long) (seconds * rate),
              (long) ((40 + rate / 16) * 1024 * 1024),
              (long) (seconds * rate * 300),
              (long) (seconds * rate * 600),
              -1,
              0,
              List.of()));
    }
  }

  private static Workload.Builder base() {
    return Workload.builder()
        .producers(1)
        .consumers(1)
        .destination("orders")
        .messageBytes(256)
        .inFlightWindow(100)
        .reportInterval(Duration.ofMillis(250));
  }

  private static RunResult run(Workload workload, Map<String, String> options) throws Exception {
    return BenchmarkRun.builder(workload).driver("loopback", options).build().run();
  }

  private static Path write(Path dir, RunResult result) throws Exception {
    Files.createDirectories(dir);
    JsonResult.write(result, dir.resolve(ResultFile.NAME));
    return dir;
  }
}
