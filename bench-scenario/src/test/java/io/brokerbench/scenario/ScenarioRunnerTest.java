package io.brokerbench.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brokerbench.report.JsonResult;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.ScenarioIndex;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScenarioRunnerTest {
  @TempDir Path dir;
  private final StringWriter out = new StringWriter();

  private Path file(String... lines) throws IOException {
    Path file = dir.resolve("s.yaml");
    Files.writeString(file, String.join("\n", lines) + "\n");
    return file;
  }

  private ScenarioOutcome run(Path file, Path output) throws IOException {
    return new ScenarioRunner(Scenario.load(file), output, new PrintWriter(out, true)).run();
  }

  @Test
  void eachCellGetsItsFilesAndTheIndexListsThem() throws IOException {
    Path file =
        file(
            "name: capacities",
            "driver: loopback",
            "workload: {count: 2000, confirm: 100}",
            "axes: [{name: queue-capacity, values: [1024, 4096]}]");
    Path output = dir.resolve("out");

    ScenarioOutcome outcome = run(file, output);

    assertThat(outcome.anyFailed()).isFalse();
    JsonNode index = new ObjectMapper().readTree(output.resolve("scenario.json").toFile());
    String runId = index.get("runId").asText();
    assertThat(runId).matches("[0-9a-z]{6}");
    assertThat(index.toString())
        .isEqualTo(
            "{\"schema\":\"brokerbench-scenario/1\",\"name\":\"capacities\",\"file\":\""
                + file
                + "\",\"runId\":\""
                + runId
                + "\",\"axes\":[{\"name\":\"queue-capacity\",\"values\":[\"1024\",\"4096\"]}],"
                + "\"cells\":[{\"index\":0,\"id\":\"000-queue-capacity=1024\","
                + "\"axes\":{\"queue-capacity\":\"1024\"},\"repetition\":0,"
                + "\"dir\":\"cells/000-queue-capacity=1024\",\"status\":\"completed\"},"
                + "{\"index\":1,\"id\":\"001-queue-capacity=4096\","
                + "\"axes\":{\"queue-capacity\":\"4096\"},\"repetition\":0,"
                + "\"dir\":\"cells/001-queue-capacity=4096\",\"status\":\"completed\"}]}");
    String[] cells = {"000-queue-capacity=1024", "001-queue-capacity=4096"};
    for (int i = 0; i < cells.length; i++) {
      String cell = cells[i];
      Path cellDir = output.resolve("cells").resolve(cell);
      RunResult result = JsonResult.read(cellDir.resolve("result.json"));
      assertThat(result.completed()).isTrue();
      assertThat(result.setup().workload().destinations())
          .containsExactly("brokerbench-" + runId + "-c00" + i);
      assertThat(result.figures().totals().counts().received()).isEqualTo(2000);
      assertThat(result.setup().driver().options())
          .containsEntry("queue-capacity", cell.substring(19));
      assertThat(Files.readAllLines(cellDir.resolve("intervals.csv"))).isNotEmpty();
      assertThat(Files.readString(cellDir.resolve("latency.hlog")))
          .startsWith("#[Histogram log format version");
    }
    assertThat(out.toString())
        .contains("cell 1/2: queue-capacity=1024 ... (time left unknown)")
        .contains("cell 2/2: queue-capacity=4096 ... (about ")
        .containsPattern(
            "  completed: sent \\d+ msg/s, received \\d+ msg/s, e2e p50 \\S+ p99 \\S+, lost 0");
  }

  @Test
  void theLatencyAFileNamesIsKeptForItsReport() throws IOException {
    Path file =
        file("name: named", "driver: loopback", "workload: {count: 100}", "latency: confirm");
    Path output = dir.resolve("named");

    assertThat(run(file, output).anyFailed()).isFalse();

    assertThat(ScenarioIndex.read(output).latency()).isEqualTo("confirm");
    assertThat(Files.readString(output.resolve(ScenarioIndex.FILE)))
        .contains("\"latency\" : \"confirm\"");
    // Each cell's line leads with it too.
    assertThat(out.toString()).containsPattern("received \\d+ msg/s, confirm p50 \\S+ p99 \\S+,");
  }

  @Test
  void aRequestReplyCellsLineGivesTheRoundTrip() throws IOException {
    Path file =
        file(
            "name: rpc",
            "driver: loopback",
            "workload: {count: 200, request-reply: true, reply-timeout: 5s, confirm: 10}");

    assertThat(run(file, dir.resolve("rpc")).anyFailed()).isFalse();

    // The round trip is what request-reply is about; a request's one-way trip is not.
    assertThat(out.toString())
        .containsPattern("received \\d+ msg/s, rtt p50 \\d\\S* p99 \\d\\S*, lost 0")
        .doesNotContain("e2e p50");
  }

  @Test
  void eachBrokerSetUpIsUpForItsCellsAloneAndRecorded() throws IOException {
    Path events = dir.resolve("events");
    Path file =
        file(
            "name: setups",
            "driver: loopback",
            "workload: {count: 200}",
            "setups:",
            "  default:",
            "    start: echo start default >> " + events,
            "    stop: echo stop default >> " + events,
            "    options: {queue-capacity: 1024}",
            "    settings: {flow-control: default}",
            "  raised:",
            "    start: echo start raised >> " + events + " && echo raised is up",
            "    stop: echo stop raised >> " + events,
            "    options: {loopback: {queue-capacity: 4096}}",
            "    settings: {flow-control: raised}",
            "    stands-in-for: the study's raised settings on faster disks",
            "axes:",
            "  - {name: setup, values: [default, raised]}",
            "  - {name: size, values: [12, 100]}");
    Path output = dir.resolve("out");

    ScenarioOutcome outcome = run(file, output);

    assertThat(outcome.anyFailed()).isFalse();
    // Started before its first cell, stopped after its last: never two up at once.
    assertThat(Files.readAllLines(events))
        .containsExactly("start default", "stop default", "start raised", "stop raised");
    assertThat(outcome.results())
        .extracting(r -> r.setup().driver().options().get("queue-capacity"))
        .containsExactly("1024", "1024", "4096", "4096");
    ScenarioIndex index = ScenarioIndex.read(output);
    assertThat(index.cells())
        .extracting(ScenarioIndex.Cell::setup)
        .containsExactly("default", "default", "raised", "raised");
    assertThat(index.setups())
        .containsExactly(
            new ScenarioIndex.Setup(
                "default",
                "echo start default >> " + events,
                java.util.Map.of("flow-control", "default"),
                null),
            new ScenarioIndex.Setup(
                "raised",
                "echo start raised >> " + events + " && echo raised is up",
                java.util.Map.of("flow-control", "raised"),
                "the study's raised settings on faster disks"));
    assertThat(Files.readString(output.resolve("setups/raised.log"))).contains("raised is up");
    assertThat(out.toString())
        .contains("set-up default: starting (echo start default")
        .containsPattern("set-up default: up in [0-9.]+ s")
        .contains("set-up default: stopped");
  }

  @Test
  void aSetUpThatFailsToStartStopsTheScenarioBeforeItsCells() throws IOException {
    Path file =
        file(
            "name: broken-setup",
            "driver: loopback",
            "workload: {count: 200}",
            "setups:",
            "  missing-port:",
            "    start: \"echo 'rabbitmq4: something already answers on 127.0.0.1:5684' >&2;"
                + " exit 3\"",
            "    stop: echo stopped > " + dir.resolve("stopped"),
            "axes: [{name: setup, values: [missing-port]}]");
    Path output = dir.resolve("out");

    assertThatThrownBy(() -> run(file, output))
        .isInstanceOf(SetupFailedException.class)
        .hasMessage(
            "set-up missing-port did not start: `echo 'rabbitmq4: something already answers on"
                + " 127.0.0.1:5684' >&2; exit 3` exited 3: rabbitmq4: something already answers"
                + " on 127.0.0.1:5684 (its output: "
                + output.resolve("setups/missing-port.log")
                + ")");
    // What it started is stopped; no cell ran, and a resumed run will run them all.
    assertThat(dir.resolve("stopped")).exists();
    assertThat(ScenarioIndex.read(output).cells())
        .extracting(ScenarioIndex.Cell::status)
        .containsOnly(ScenarioIndex.PENDING);
    assertThat(output.resolve("cells")).doesNotExist();
  }

  @Test
  void aSetUpThatTakesTooLongToStartIsStopped() throws IOException {
    Path file =
        file(
            "name: slow-setup",
            "driver: loopback",
            "workload: {count: 200}",
            "setup: slow",
            "setups:",
            // The command's last line is read before it is stopped: the shell's own "Killed"
            // after it (CI saw it in the message twice) is not what the command said.
            "  slow: {start: echo waiting; sleep 60, start-timeout: 3s}");

    assertThatThrownBy(() -> run(file, dir.resolve("out")))
        .isInstanceOf(SetupFailedException.class)
        .hasMessageContaining("`echo waiting; sleep 60` did not finish within 3 s: waiting");
  }

  @Test
  void anInterruptWhileASetUpStartsEndsItsStartAndStopsIt() throws Exception {
    Path stopped = dir.resolve("stopped");
    Path file =
        file(
            "name: interrupted-setup",
            "driver: loopback",
            "workload: {count: 200}",
            "setup: slow",
            "setups:",
            "  slow: {start: echo starting; sleep 60, stop: touch " + stopped + "}");
    ScenarioRunner runner =
        new ScenarioRunner(Scenario.load(file), dir.resolve("out"), new PrintWriter(out, true));
    CompletableFuture<ScenarioOutcome> outcome =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                return runner.run();
              } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
              }
            });
    Path log = dir.resolve("out/setups/slow.log");
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (!(Files.exists(log) && Files.readString(log).contains("starting"))) {
      assertThat(System.nanoTime()).as("the start command began").isLessThan(deadline);
      Thread.sleep(20);
    }

    runner.interrupt();

    ScenarioOutcome ended = outcome.get(30, TimeUnit.SECONDS);
    assertThat(ended.interrupted()).isTrue();
    assertThat(stopped).exists();
    assertThat(ended.index().cells())
        .extracting(ScenarioIndex.Cell::status)
        .containsOnly(ScenarioIndex.PENDING);
  }

  @Test
  void aFailedCellIsRecordedTheOthersRunAndARerunResumesWithIt() throws IOException {
    Path output = dir.resolve("out");
    Path broken =
        file(
            "name: resume",
            "driver: loopback",
            "workload: {producers: 0, duration: 5s, timeout: 300ms}",
            "axes: [{name: size, values: [12, 100]}]");

    ScenarioOutcome first = run(broken, output);

    assertThat(first.anyFailed()).isTrue();
    assertThat(first.index().cells())
        .extracting(ScenarioIndex.Cell::status)
        .containsExactly("failed", "failed");
    assertThat(out.toString()).contains("no progress for 0.3 s");
    assertThat(JsonResult.read(output.resolve("cells/000-size=12/result.json")).ending().status())
        .isEqualTo("failed");

    // The first cell completed, the second failed: a rerun runs only the second.
    ScenarioIndex.read(output).withStatus(0, "completed").write(output);
    Path fixed =
        file(
            "name: resume",
            "driver: loopback",
            "workload: {count: 500}",
            "axes: [{name: size, values: [12, 100]}]");
    out.getBuffer().setLength(0);

    ScenarioOutcome second = run(fixed, output);

    assertThat(second.anyFailed()).isFalse();
    assertThat(second.results()).hasSize(1);
    // Resumed on the queues the first run named, from the id its index keeps.
    String runId = ScenarioIndex.read(output).runId();
    assertThat(runId).isEqualTo(first.index().runId()).isNotNull();
    assertThat(second.results().get(0).setup().workload().destinations())
        .containsExactly("brokerbench-" + runId + "-c001");
    assertThat(out.toString())
        .contains("resuming " + output + ": 1 of 2 cells completed already")
        .contains("cell 2/2: size=100")
        .doesNotContain("cell 1/2");
  }

  @Test
  void twoRunsOfOneScenarioUseQueuesOfTheirOwn() throws IOException {
    Path file = file("name: twice", "driver: loopback", "workload: {count: 100}");

    ScenarioOutcome first = run(file, dir.resolve("first"));
    ScenarioOutcome second = run(file, dir.resolve("second"));

    assertThat(first.results().get(0).setup().workload().destinations())
        .singleElement()
        .asString()
        .matches("brokerbench-[0-9a-z]{6}-c000")
        .isNotEqualTo(second.results().get(0).setup().workload().destinations().get(0));
  }

  @Test
  void anotherScenarioInTheDirectoryIsRefused() throws IOException {
    Path output = dir.resolve("out");
    run(file("name: one", "driver: loopback", "workload: {count: 10}"), output);

    Throwable thrown =
        org.assertj.core.api.Assertions.catchThrowable(
            () -> run(file("name: two", "driver: loopback", "workload: {count: 10}"), output));

    assertThat(thrown)
        .isInstanceOf(ScenarioException.class)
        .hasMessage(
            output
                + " holds the results of another scenario (one, 1 cells): choose another output directory");
  }

  @Test
  void anInterruptKeepsTheCellsDoneAndLeavesTheRestPending() throws Exception {
    Path output = dir.resolve("out");
    ScenarioRunner runner =
        new ScenarioRunner(
            Scenario.load(
                file(
                    "name: long",
                    "driver: loopback",
                    "workload: {rate: 1000}",
                    "axes: [{name: duration, values: [1s, 60s, 61s]}]")),
            output,
            new PrintWriter(out, true));
    CompletableFuture<ScenarioOutcome> outcome =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                return runner.run();
              } catch (IOException e) {
                throw new IllegalStateException(e);
              }
            });
    // Whether cell 2 has started its run yet or not, an interrupt now ends it as interrupted.
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (!out.toString().contains("cell 2/3")) {
      assertThat(System.nanoTime())
          .as("cell 2 announced within 30 s: %s", out)
          .isLessThan(deadline);
      Thread.sleep(20);
    }

    runner.interrupt();

    ScenarioOutcome ended = outcome.get(30, TimeUnit.SECONDS);
    assertThat(ended.interrupted()).isTrue();
    assertThat(ScenarioIndex.read(output).cells())
        .extracting(ScenarioIndex.Cell::status)
        .containsExactly("completed", "interrupted", "pending");
    assertThat(out.toString()).doesNotContain("cell 3/3");
  }
}
