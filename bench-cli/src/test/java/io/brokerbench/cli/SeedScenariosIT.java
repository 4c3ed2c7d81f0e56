package io.brokerbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brokerbench.contract.RequiredBroker;
import io.brokerbench.rabbitmq.testing.RabbitMq4Script;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the seed scenarios in {@code scenarios/} as a user would ({@code bench scenario run FILE
 * --short -o DIR}): every cell expands, and the cells run complete without loss, with the index and
 * report written. By default one representative cell of each file runs ({@code --only}), which
 * keeps CI short; with {@code -Pstudies} (system property {@value #FULL_PROPERTY}) every cell of
 * every short variant runs, each on the broker set-ups its file starts (the meltwater studies'
 * clusters too). Files without set-ups of their own run against the local RabbitMQ at
 * 127.0.0.1:5672 (with its AMQP 1.0 plugin).
 */
class SeedScenariosIT {
  private final BenchCli cli = new BenchCli();
  static final String FULL_PROPERTY = "brokerbench.studies";
  private static final boolean FULL = Boolean.getBoolean(FULL_PROPERTY);
  private static final Path SCENARIOS = Path.of("..", "scenarios");
  private static final String RABBITMQ = "RabbitMQ at 127.0.0.1:5672, as the seed files name it";

  @TempDir Path dir;

  private static boolean rabbitMqAnswers() {
    return answers(5672);
  }

  private static boolean answers(int port) {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress("127.0.0.1", port), 1000);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  private static void deleteRecursively(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (var paths = Files.walk(dir)) {
      for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }

  /** One figure a study publishes, by the study's name, and how its report holds it with data. */
  private record StudyFigure(String name, Predicate<JsonNode> heldBy) {}

  /** The scenario's part of the report's data, as the page's script reads it. */
  private static JsonNode reportedScenario(Path output) throws IOException {
    Matcher data =
        Pattern.compile(
                "<script type=\"application/json\" id=\"report-data\">(.*?)</script>",
                Pattern.DOTALL)
            .matcher(Files.readString(output.resolve(ScenarioRunCommand.REPORT)));
    assertThat(data.find()).as("the report's data in %s", output).isTrue();
    return new ObjectMapper().readTree(data.group(1)).at("/scenarios/0");
  }

  /** Checks that the report in {@code output} holds each of the study's figures with data. */
  private static void reportHolds(Path output, StudyFigure... figures) throws IOException {
    JsonNode scenario = reportedScenario(output);
    for (StudyFigure figure : figures) {
      assertThat(figure.heldBy().test(scenario))
          .as("the report in %s holds the study's figure \"%s\" with data", output, figure.name())
          .isTrue();
    }
  }

  private static boolean positive(JsonNode node) {
    return node.isNumber() && node.asDouble() > 0;
  }

  /** A figure of the scenario's table: positive in a completed cell. */
  private static StudyFigure inTable(String name, String pointer) {
    return new StudyFigure(
        name,
        scenario ->
            stream(scenario.get("cells"))
                .anyMatch(
                    c -> c.get("status").asText().equals("completed") && positive(c.at(pointer))));
  }

  /** A figure charted by axis ({@code figure} as the report names it), positive somewhere. */
  private static StudyFigure byAxis(String name, String figure) {
    return new StudyFigure(
        name,
        scenario ->
            stream(scenario.get("comparisons"))
                .filter(c -> c.get("figure").asText().equals(figure))
                .flatMap(c -> stream(c.get("series")))
                .flatMap(SeedScenariosIT::stream)
                .anyMatch(SeedScenariosIT::positive));
  }

  /** A figure over time in a cell's run: the interval series at {@code pointer}, positive once. */
  private static StudyFigure overTime(String name, String pointer) {
    return new StudyFigure(
        name,
        scenario ->
            stream(scenario.get("runs"))
                .flatMap(r -> stream(r.at(pointer)))
                .anyMatch(v -> positive(v) || positive(v.path("p99Millis"))));
  }

  /** The latency the table and charts lead with, by its result.json key. */
  private static StudyFigure leadsWith(String name, String key) {
    return new StudyFigure(name, scenario -> scenario.at("/latency/key").asText().equals(key));
  }

  private static Stream<JsonNode> stream(JsonNode node) {
    return StreamSupport.stream(node.spliterator(), false);
  }

  /** Checks that the file's short variant expands into {@code cells} cells. */
  private void expands(Path file, int cells) {
    assertThat(cli.run("scenario", "expand", "--short", file.toString()))
        .as("%s", cli.err())
        .isZero();
    assertThat(cli.out()).contains(": " + cells + " cell(s)");
  }

  /**
   * Runs the file's short variant, only the {@code representative} cell unless {@link #FULL}, and
   * checks what a user sees: exit 0, index, report, and each cell run complete without loss.
   */
  private void runsCompletelyWithoutLoss(Path file, int cells, String representative)
      throws IOException {
    expands(file, cells);
    // Under target/, where CI keeps each seed scenario's report; a fresh directory, or the run
    // would resume an earlier one.
    String name = file.getFileName().toString().replaceFirst("\\.yaml$", "");
    Path output = Path.of("target", "seed-scenarios", name);
    deleteRecursively(output);
    List<String> args =
        new ArrayList<>(
            List.of("scenario", "run", file.toString(), "--short", "-o", output.toString()));
    if (!FULL) {
      args.addAll(List.of("--only", representative));
    }

    int exit = cli.run(args.toArray(String[]::new));

    assertThat(exit).as("%s%n%s", cli.out(), cli.err()).isZero();
    assertThat(output.resolve(ScenarioRunCommand.REPORT)).isRegularFile();
    JsonNode index = new ObjectMapper().readTree(output.resolve("scenario.json").toFile());
    assertThat(index.get("schema").asText()).isEqualTo("brokerbench-scenario/1");
    assertThat(index.get("cells")).hasSize(cells);
    List<JsonNode> run = new ArrayList<>();
    for (JsonNode cell : index.get("cells")) {
      if (FULL || !cell.get("status").asText().equals("pending")) {
        run.add(cell);
      }
    }
    assertThat(run).hasSize(FULL ? cells : 1);
    for (JsonNode cell : run) {
      assertThat(cell.get("status").asText()).as("%s", cell).isEqualTo("completed");
      JsonNode result =
          new ObjectMapper()
              .readTree(output.resolve(cell.get("dir").asText()).resolve("result.json").toFile());
      assertThat(result.get("status").asText()).isEqualTo("completed");
      assertThat(result.at("/integrity/lost").asLong()).as("%s lost", cell.get("id")).isZero();
      long connections = result.at("/connections/target").asLong();
      if (connections > 0) {
        // A study of connections alone: every one opened, its broker memory read.
        assertThat(result.at("/connections/opened").asLong())
            .as("%s opened", cell.get("id"))
            .isEqualTo(connections);
        assertThat(result.at("/connections/brokerBytesPerConnection").asLong())
            .as("%s broker memory per connection", cell.get("id"))
            .isPositive();
        if (result.at("/workload/connectionSendRate").asDouble() > 0) {
          assertThat(result.at("/totals/counts/received").asLong())
              .as("%s received from the connections", cell.get("id"))
              .isEqualTo(result.at("/totals/counts/sent").asLong())
              .isPositive();
        }
      } else if (result.at("/workload/consumers").asInt() == 0) {
        // Producers alone (RocketMQ's tool): every send has its outcome, confirmed or refused
        // (sync flush and sync replication on a busy machine let some sends time out: 61 of 67
        // confirmed once), none still awaited, and most confirmed.
        JsonNode counts = result.at("/totals/counts");
        long refused = 0;
        for (JsonNode n : counts.get("notAccepted")) {
          refused += n.asLong();
        }
        long confirmed = counts.get("confirmed").asLong();
        assertThat(confirmed + refused)
            .as("%s confirmed or refused: %s", cell.get("id"), counts)
            .isEqualTo(counts.get("sent").asLong());
        assertThat(counts.get("unconfirmed").asLong()).as("%s awaited", cell.get("id")).isZero();
        assertThat(confirmed).as("%s confirmed: %s", cell.get("id"), counts).isGreaterThan(refused);
      } else {
        assertThat(result.at("/totals/counts/received").asLong())
            .as("%s received", cell.get("id"))
            .isPositive();
      }
    }
  }

  /**
   * The study on its own set-ups: private nodes of RabbitMQ 4.0.5 with default and with raised flow
   * control, and of 3.10 standing in for 3.13, each started by the scenario for its cells. The
   * representative cell runs on the raised flow control, whose broker load is read from its node's
   * Prometheus endpoint.
   */
  @Test
  void rabbitMq4AmqpOneZero() throws IOException {
    RabbitMq4Script.requireVersion("4.0.5");
    RabbitMq4Script.requireVersion("3.10");
    runsCompletelyWithoutLoss(
        SCENARIOS.resolve("rabbitmq-4-amqp-1.0.yaml"),
        12,
        "setup=4.0.5-raised-flow-control,queue-type=quorum,driver=amqp10-credit5000");
    Path output = Path.of("target", "seed-scenarios", "rabbitmq-4-amqp-1.0");
    JsonNode index = new ObjectMapper().readTree(output.resolve("scenario.json").toFile());
    assertThat(index.at("/setups/1/name").asText()).isEqualTo("4.0.5-raised-flow-control");
    assertThat(index.at("/setups/1/settings/flow control").asText())
        .startsWith("raised: credit_flow_default_credit {5000, 2500}");
    assertThat(index.at("/setups/2/standsInFor").asText()).startsWith("RabbitMQ 3.13");
    JsonNode cell = index.at("/cells/7");
    assertThat(cell.get("setup").asText()).isEqualTo("4.0.5-raised-flow-control");
    JsonNode result =
        new ObjectMapper()
            .readTree(output.resolve(cell.get("dir").asText()).resolve("result.json").toFile());
    assertThat(result.at("/brokerLoad/source").asText())
        .startsWith("Prometheus endpoint http://127.0.0.1:30686/metrics");
    assertThat(result.at("/brokerLoad/total/cpuPercentMean").asDouble()).isPositive();
    assertThat(Files.readString(output.resolve(ScenarioRunCommand.REPORT)))
        .contains("4.0.5-raised-flow-control");
    reportHolds(
        output,
        inTable("end-to-end message rate per client and queue type", "/receivedPerSecond"),
        byAxis("end-to-end rate by queue type (bars)", "received msg/s"),
        byAxis("the broker's CPU", "broker CPU %"));
  }

  /** Idle connections on RabbitMQ 4.0.5 (127.0.0.1:5682, management on 15682, as CI starts it). */
  @Test
  void rabbitMq4Connections() throws IOException {
    RequiredBroker.require(
        answers(5682) && answers(15682),
        "RabbitMQ 4.0.5 at 127.0.0.1:5682 with its management API on 15682"
            + " (scripts/rabbitmq4.sh start rabbit4 5682 15682)");
    runsCompletelyWithoutLoss(
        SCENARIOS.resolve("rabbitmq-4-connections.yaml"),
        4,
        "driver=amqp10-2-sessions,traffic=one-message-every-10s");
    reportHolds(
        Path.of("target", "seed-scenarios", "rabbitmq-4-connections"),
        inTable("connections opened", "/connections/opened"),
        inTable("memory per connection", "/connections/brokerKibPerConnection"),
        byAxis("memory per connection by protocol (bars)", "broker KiB/connection"));
  }

  @Test
  void meltwaterCluster() throws IOException {
    RequiredBroker.require(rabbitMqAnswers(), RABBITMQ);
    runsCompletelyWithoutLoss(
        SCENARIOS.resolve("meltwater-cluster.yaml"), 12, "setup=this-machine,layout=10-queues");
    reportHolds(
        Path.of("target", "seed-scenarios", "meltwater-cluster"),
        byAxis("msg/s by number of queues, a series per cluster", "received msg/s"));
  }

  @Test
  void meltwaterBacklog() throws IOException {
    RequiredBroker.require(rabbitMqAnswers(), RABBITMQ);
    runsCompletelyWithoutLoss(
        SCENARIOS.resolve("meltwater-backlog.yaml"), 3, "producers-after-backlog=stop");
    reportHolds(
        Path.of("target", "seed-scenarios", "meltwater-backlog"),
        byAxis("publish rate while the backlog fills", "backlog fill msg/s"),
        byAxis("consume rate while it drains", "backlog drain msg/s"));
  }

  @Test
  void rabbitMqRequestReply() throws IOException {
    RequiredBroker.require(rabbitMqAnswers(), RABBITMQ);
    runsCompletelyWithoutLoss(
        SCENARIOS.resolve("rabbitmq-request-reply.yaml"), 12, "size=1024,rate=500");
    // The study's figure is the round trip: the report's table and charts lead with it.
    assertThat(
            Files.readString(
                Path.of("target", "seed-scenarios", "rabbitmq-request-reply")
                    .resolve(ScenarioRunCommand.REPORT)))
        .contains("{\"key\":\"rtt\",\"label\":\"rtt\",\"title\":\"Round trip\"}");
    // The study charts the broker's CPU and memory against rate and size: its own load is read.
    Path output = Path.of("target", "seed-scenarios", "rabbitmq-request-reply");
    JsonNode index = new ObjectMapper().readTree(output.resolve("scenario.json").toFile());
    for (JsonNode cell : index.get("cells")) {
      if (cell.get("status").asText().equals("completed")) {
        JsonNode result =
            new ObjectMapper()
                .readTree(output.resolve(cell.get("dir").asText()).resolve("result.json").toFile());
        assertThat(result.at("/brokerLoad/source").asText())
            .startsWith("Prometheus endpoint http://127.0.0.1:15692/metrics");
        assertThat(result.at("/brokerLoad/total/cpuPercentMean").asDouble()).isPositive();
        assertThat(result.at("/brokerLoad/total/memoryBytesMax").asLong()).isPositive();
      }
    }
    reportHolds(
        output,
        leadsWith("round-trip latency", "rtt"),
        inTable("round trip p99 per rate and size", "/latency/p99Millis"),
        inTable("the share under 20 ms", "/withinBoundPercent"),
        inTable("the max", "/latency/maxMillis"),
        new StudyFigure(
            "round-trip distribution per rate",
            scenario ->
                stream(scenario.get(FULL ? "distributions" : "runs"))
                    .flatMap(run -> FULL ? Stream.of(run) : stream(run.get("distributions")))
                    .anyMatch(d -> d.path("count").asLong() > 0)),
        byAxis("the broker's CPU against rate and size", "broker CPU %"),
        byAxis("the broker's memory against rate and size", "broker memory MiB"),
        overTime("the broker's CPU over time", "/intervals/broker/cpuPercent"));
  }

  /**
   * On the clusters the file's set-ups start (and stop), with {@code -Pstudies}; otherwise the
   * file's expansion only (bench-amqp091's {@code Amqp091PlacementIT} runs both placements on a
   * cluster of its own in every build).
   */
  @Test
  void meltwaterPlacement() throws Exception {
    Path file = SCENARIOS.resolve("meltwater-placement.yaml");
    if (!FULL) {
      expands(file, 4);
      return;
    }
    // Its set-ups start their private clusters.
    runsCompletelyWithoutLoss(file, 4, "setup=3.10-2-nodes-mirrored,placement=leader");
    reportHolds(
        Path.of("target", "seed-scenarios", "meltwater-placement"),
        byAxis("msg/s with clients on the master's node and on the mirror's", "received msg/s"));
  }

  @Test
  void rabbitMq2012FlowControl() throws IOException {
    RequiredBroker.require(rabbitMqAnswers(), RABBITMQ);
    runsCompletelyWithoutLoss(
        SCENARIOS.resolve("rabbitmq-2012-flow-control.yaml"),
        4,
        "load=rate-sweep,acks=ack-and-confirm");
    assertThat(cli.out()).contains("    step 6 at 80000 msg/s: ");
    reportHolds(
        Path.of("target", "seed-scenarios", "rabbitmq-2012-flow-control"),
        overTime("send rate over time", "/intervals/sentPerSecond"),
        overTime("receive rate over time", "/intervals/receivedPerSecond"),
        overTime("latency over time", "/intervals/latency"),
        new StudyFigure(
            "rate attempted vs latency",
            scenario ->
                scenario.at("/sweep/sweep").asBoolean()
                    && stream(scenario.at("/sweep/series"))
                        .flatMap(SeedScenariosIT::stream)
                        .anyMatch(p -> positive(p.at("/latency/p99Millis")))));
  }

  /**
   * The RocketMQ study expands and runs here, against the RocketMQ named in the environment, or
   * else one name server and broker started for all six cells (each cell would otherwise start the
   * driver's embedded broker, about 3 minutes for the 6 short cells on a busy machine).
   */
  @Test
  void rocketMqBenchmark() throws IOException {
    Path file = SCENARIOS.resolve("rocketmq-benchmark.yaml");
    // The set-ups run RocketMQ from the CLI's jar (scripts/rocketmq.sh), packaged before the ITs.
    RequiredBroker.require(
        Files.isRegularFile(Path.of("target", "bench-cli.jar")), "bench-cli/target/bench-cli.jar");
    runsCompletelyWithoutLoss(file, 10, "setup=sync-replication-sync-flush,producers=16");
    Path output = Path.of("target", "seed-scenarios", "rocketmq-benchmark");
    JsonNode index = new ObjectMapper().readTree(output.resolve("scenario.json").toFile());
    JsonNode cell = index.at("/cells/9");
    assertThat(cell.get("setup").asText()).isEqualTo("sync-replication-sync-flush");
    JsonNode result =
        new ObjectMapper()
            .readTree(output.resolve(cell.get("dir").asText()).resolve("result.json").toFile());
    // The brokers' own process: the master and its slave, read once.
    assertThat(result.at("/brokerLoad/source").asText())
        .startsWith("process ")
        .contains("(brokers ")
        .contains("#1");
    assertThat(result.at("/brokerLoad/nodes")).hasSize(1);
    assertThat(result.at("/brokerLoad/total/cpuPercentMean").asDouble()).isPositive();
    // The tool's figure is the send RT: the report leads with it.
    assertThat(
            Files.readString(
                Path.of("target", "seed-scenarios", "rocketmq-benchmark")
                    .resolve(ScenarioRunCommand.REPORT)))
        .contains("{\"key\":\"confirm\",\"label\":\"send RT\",\"title\":\"Send RT\"}");
    reportHolds(
        output,
        inTable("Send TPS", "/sentPerSecond"),
        byAxis("Send TPS by thread count and cluster mode", "confirmed msg/s"),
        leadsWith("Send RT", "confirm"),
        inTable("average Send RT", "/latency/meanMillis"),
        inTable("max Send RT", "/latency/maxMillis"));
  }
}
