package io.brokerbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.brokerbench.report.JsonResult;
import io.brokerbench.report.RunDirectory;
import io.brokerbench.result.ResultSchema;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.ScenarioIndex;
import io.brokerbench.result.Validity;
import io.brokerbench.result.Warning;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ThresholdsAndCompareTest {
  private final BenchCli cli = new BenchCli();

  private int loopbackRun(Path dir, String... more) {
    String[] base = {"run", "loopback", "-C", "2000", "-c", "32", "-o", dir.toString()};
    String[] args = new String[base.length + more.length];
    System.arraycopy(base, 0, args, 0, base.length);
    System.arraycopy(more, 0, args, base.length, more.length);
    return cli.run(args);
  }

  @Test
  void thresholdsThatHeldOnARunWhoseSendsLeftLateExitFive(@TempDir Path dir) throws Exception {
    // One send stalls 600 ms at 10,000 msg/s: most of the schedule leaves late.
    int code =
        cli.run(
            "run",
            "loopback",
            "-r",
            "10000",
            "-C",
            "10000",
            "--stall-after",
            "2000",
            "--stall-ms",
            "600",
            "-o",
            dir.toString(),
            "--assert",
            "lost == 0");

    assertThat(code).as(cli.err()).isEqualTo(ExitCodes.SUSPECT);
    assertThat(cli.out())
        .contains("SCHEDULE_SLIP: 10 % of the sends left")
        // On a loaded machine the generator's stalls may be a second reason.
        .containsPattern(
            "SUSPECT: this run may have measured the generator or the machine, not the broker"
                + " \\((GENERATOR_PAUSED, )?SCHEDULE_SLIP\\); a threshold's outcome on it may be"
                + " the generator's")
        .contains("passed: lost == 0 (measured 0)");
    assertThat(cli.err().strip())
        .matches(
            "bench: thresholds held on a suspect run \\((GENERATOR_PAUSED, )?SCHEDULE_SLIP\\):"
                + " exit 5");
    ResultSchema.assertValid(dir.resolve(RunDirectory.RESULT));
    RunResult result = JsonResult.read(dir.resolve(RunDirectory.RESULT));
    assertThat(result.validity().verdict()).isEqualTo(Validity.SUSPECT);
    assertThat(JsonResult.tree(dir.resolve(RunDirectory.RESULT)).at("/validity/verdict").asText())
        .isEqualTo(Validity.SUSPECT);
    assertThat(result.validity().reasons())
        .extracting(Warning::code)
        .contains(Warning.SCHEDULE_SLIP);
    assertThat(Files.readString(dir.resolve(RunDirectory.THRESHOLDS)))
        .contains("tests=\"3\" failures=\"1\"")
        .containsPattern(
            "name=\"run is valid\".*<failure message=\"the run is suspect: .*SCHEDULE_SLIP: 10 %");
  }

  @Test
  void aRunWhoseThresholdFailsExitsFourAndSaysWhatWasMeasured(@TempDir Path dir) throws Exception {
    int code = loopbackRun(dir, "--assert", "lost == 0", "--assert", "e2e.p99 < 1ns");

    assertThat(code).isEqualTo(ExitCodes.THRESHOLD_FAILED);
    assertThat(cli.out())
        .contains("passed: lost == 0 (measured 0)")
        .containsPattern("FAILED: e2e.p99 < 1ns \\(measured [0-9.]+ (us|ms)\\)");
    assertThat(cli.err().strip())
        .matches("bench: threshold FAILED: e2e\\.p99 < 1ns \\(measured [0-9.]+ (us|ms)\\)");
    ResultSchema.assertValid(dir.resolve(RunDirectory.RESULT));
    RunResult result = JsonResult.read(dir.resolve(RunDirectory.RESULT));
    assertThat(result.verdict().thresholds()).hasSize(2);
    assertThat(result.thresholdsPassed()).isFalse();
    // The same verdict for a CI server: the run's status and each threshold as a test case.
    assertThat(Files.readString(dir.resolve(RunDirectory.THRESHOLDS)))
        .contains("tests=\"4\" failures=\"1\"")
        .contains(
            "<testcase classname=\"brokerbench.thresholds\" name=\"run is valid\" time=\"0\"/>")
        .containsPattern("name=\"e2e.p99 &lt; 1ns\".*<failure message=\"FAILED: e2e.p99");
  }

  @Test
  void aRunWhoseThresholdsHoldExitsZero(@TempDir Path dir) {
    assertThat(loopbackRun(dir, "--assert", "received == 2000", "--assert", "e2e.p99 < 60s"))
        .isZero();
  }

  @Test
  void aThresholdThatCannotBeReadIsAUsageError(@TempDir Path dir) {
    assertThat(loopbackRun(dir, "--assert", "e2e.p99 <<< 5ms")).isEqualTo(ExitCodes.USAGE);
    assertThat(cli.err().strip())
        .isEqualTo(
            "bench: threshold 'e2e.p99 <<< 5ms': '<< 5ms' is not a bound for e2e.p99: use a latency"
                + " such as 5ms, 250us or 1.5s, or baseline (+ N%) in bench compare");
    assertThat(loopbackRun(dir, "--assert", "e2e.p99 < baseline")).isEqualTo(ExitCodes.USAGE);
    assertThat(cli.err().strip())
        .isEqualTo(
            "bench: threshold 'e2e.p99 < baseline' compares with a baseline: use it with bench"
                + " compare");
  }

  @Test
  void compareShowsEachFigureWithItsChangeAndChecksRelativeThresholds(@TempDir Path dir)
      throws Exception {
    assertThat(loopbackRun(dir.resolve("a"))).isZero();
    assertThat(loopbackRun(dir.resolve("b"))).isZero();

    int code =
        cli.run(
            "compare",
            dir.resolve("a").toString(),
            dir.resolve("b").resolve(RunDirectory.RESULT).toString(),
            "--assert",
            "received <= baseline",
            "-o",
            dir.resolve("compare.json").toString(),
            "--report",
            dir.resolve("compare.html").toString());

    assertThat(code).as(cli.err()).isZero();
    assertThat(Files.readString(dir.resolve("compare.html")))
        .contains("\"comparisons\":[{\"name\":\"a -> result.json\"");
    assertThat(cli.out())
        .contains("== a -> " + RunDirectory.RESULT + " ==")
        .containsPattern("received.rate +[0-9,]+ msg/s +[0-9,]+ msg/s +[+-][0-9.]+%")
        .containsPattern("e2e.p99 +[0-9.]+ (us|ms) +[0-9.]+ (us|ms) +[+-][0-9.]+%")
        .containsPattern("lost +0 +0 +-")
        .contains("passed: received <= baseline (measured 2,000, bound 2,000)");
    assertThat(dir.resolve("compare.json")).exists();

    assertThat(
            cli.run(
                "compare",
                dir.resolve("a").toString(),
                dir.resolve("b").toString(),
                "--assert",
                "e2e.p99 < baseline * 0.000001"))
        .isEqualTo(ExitCodes.THRESHOLD_FAILED);
    assertThat(cli.err()).contains("threshold FAILED: e2e.p99 < baseline * 0.000001");
  }

  @Test
  void severalRunsASideAreTheSamplesTheNoiseIsJudgedFrom(@TempDir Path dir) throws Exception {
    List<String> baseline = new ArrayList<>();
    List<String> candidate = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      assertThat(loopbackRun(dir.resolve("a" + i))).isZero();
      assertThat(loopbackRun(dir.resolve("b" + i))).isZero();
      baseline.add(dir.resolve("a" + i).toString());
      candidate.add(dir.resolve("b" + i).toString());
    }

    int code =
        cli.run(
            "compare",
            String.join(",", baseline),
            String.join(",", candidate),
            "-o",
            dir.resolve("compare.json").toString());

    assertThat(code).as(cli.err()).isZero();
    assertThat(cli.out())
        .contains("== a0,a1,a2,a3 -> b0,b1,b2,b3 ==")
        .contains("4 and 4 runs; noise judged from the runs, a change clear at p < 0.05")
        .containsPattern("e2e.p99 +[0-9.]+ (us|ms) +[0-9.]+ (us|ms) +\\S+ +.*p=[0-9.]+ n=4\\+4\n");
    JsonNode json = new ObjectMapper().readTree(dir.resolve("compare.json").toFile()).get(0);
    assertThat(json.at("/baseline/runs").asInt()).isEqualTo(4);
    assertThat(json.at("/candidate/runs").asInt()).isEqualTo(4);
    assertThat(json.get("changes"))
        .filteredOn(c -> !c.get("pValue").isNull())
        .isNotEmpty()
        .allSatisfy(
            c -> {
              assertThat(c.get("baselineSamples").asInt()).isEqualTo(4);
              assertThat(c.get("candidateSamples").asInt()).isEqualTo(4);
            });
  }

  @Test
  void aSuspectCandidateIsWorseAndThresholdsThatHeldOnItExitFive(@TempDir Path dir)
      throws Exception {
    assertThat(loopbackRun(dir.resolve("a"))).isZero();
    // Sends late by up to 600 ms make the candidate suspect; without thresholds it exits 0.
    assertThat(
            loopbackRun(
                dir.resolve("b"), "-r", "10000", "--stall-after", "1000", "--stall-ms", "600"))
        .as(cli.err())
        .isZero();

    int code =
        cli.run(
            "compare",
            dir.resolve("a").toString(),
            dir.resolve("b").toString(),
            "--assert",
            "lost == 0");

    assertThat(code).as(cli.err()).isEqualTo(ExitCodes.SUSPECT);
    assertThat(cli.out())
        .containsPattern("status +completed +completed, suspect +worse\n")
        .containsPattern(
            "note: candidate suspect \\((GENERATOR_PAUSED, )?SCHEDULE_SLIP\\): its figures may be"
                + " the generator's or the machine's, not the broker's")
        .contains("passed: lost == 0");
    assertThat(cli.err().strip())
        .matches(
            "bench: a -> b: the candidate is suspect \\((GENERATOR_PAUSED, )?SCHEDULE_SLIP\\)");
  }

  @Test
  void aCandidateThatLostMessagesIsWorseAndExitsThreeEvenWhenItsThresholdsHold(@TempDir Path dir)
      throws Exception {
    assertThat(loopbackRun(dir.resolve("a"))).isZero();
    // A short drain: the dropped messages never come, and a run under a second is not judged for
    // the generator's stalls (on a loaded machine the 10 s default drain gathers enough of them).
    assertThat(loopbackRun(dir.resolve("b"), "--drop-every", "10", "--drain-timeout", "300ms"))
        .isEqualTo(ExitCodes.LOSS);

    int code =
        cli.run(
            "compare",
            dir.resolve("a").toString(),
            dir.resolve("b").toString(),
            // A threshold that holds whatever the timing: a loopback p99 of microseconds is within
            // a factor of 1,000 of another one only until a GC pause.
            "--assert",
            "sent == baseline",
            "-o",
            dir.resolve("compare.json").toString());

    assertThat(code).as(cli.err()).isEqualTo(ExitCodes.LOSS);
    assertThat(cli.out())
        .containsPattern("status +completed +completed *\n")
        .containsPattern("lost +0 +200 +- +worse\n")
        .containsPattern("e2e.p99 +[0-9.]+ (us|ms) +[0-9.]+ (us|ms) +\\S+ +not comparable\n")
        .contains(
            "note: candidate lost 200 message(s): its rates, latencies and CPU per message are"
                + " not comparable")
        .contains("passed: sent == baseline")
        .doesNotContain("better");
    assertThat(cli.err().strip()).isEqualTo("bench: a -> b: the candidate lost 200 message(s)");
    JsonNode json = new ObjectMapper().readTree(dir.resolve("compare.json").toFile()).get(0);
    assertThat(json.at("/candidate/lost").asLong()).isEqualTo(200);
    assertThat(json.at("/candidate/status").asText()).isEqualTo(RunResult.COMPLETED);
    assertThat(verdicts(json))
        .containsEntry("lost", "worse")
        .containsEntry("e2e.p99", "not comparable")
        .containsEntry("sent.rate", "not comparable");
  }

  @Test
  void anInterruptedCandidateIsWorseAndExitsOneInTheTableTheJsonAndTheReport(@TempDir Path dir)
      throws Exception {
    assertThat(loopbackRun(dir.resolve("a"))).isZero();
    assertThat(loopbackRun(dir.resolve("b"))).isZero();
    Path candidate = dir.resolve("b").resolve(RunDirectory.RESULT);
    ObjectMapper mapper = new ObjectMapper();
    ObjectNode result = (ObjectNode) mapper.readTree(candidate.toFile());
    result.put("status", RunResult.INTERRUPTED);
    mapper.writeValue(candidate.toFile(), result);

    int code =
        cli.run(
            "compare",
            dir.resolve("a").toString(),
            dir.resolve("b").toString(),
            "-o",
            dir.resolve("compare.json").toString(),
            "--report",
            dir.resolve("compare.html").toString());

    assertThat(code).isEqualTo(ExitCodes.RUN_FAILED);
    assertThat(cli.err().strip()).isEqualTo("bench: a -> b: the candidate is interrupted");
    assertThat(cli.out())
        .containsPattern("status +completed +interrupted +worse\n")
        .containsPattern("e2e.p99 .* not comparable\n")
        .contains(
            "note: candidate interrupted: its rates, latencies and CPU per message are not"
                + " comparable")
        .doesNotContain("better");
    JsonNode json = mapper.readTree(dir.resolve("compare.json").toFile()).get(0);
    assertThat(json.at("/candidate/status").asText()).isEqualTo(RunResult.INTERRUPTED);
    assertThat(json.at("/statusVerdict").asText()).isEqualTo("worse");
    assertThat(verdicts(json)).containsEntry("e2e.p99", "not comparable");
    assertThat(Files.readString(dir.resolve("compare.html")))
        .contains(
            "{\"metric\":\"status\",\"baseline\":\"completed\",\"candidate\":\"interrupted\","
                + "\"change\":\"\",\"verdict\":\"worse\"}")
        .contains("\"passed\":false");
  }

  private static Map<String, String> verdicts(JsonNode comparison) {
    Map<String, String> verdicts = new HashMap<>();
    comparison
        .get("changes")
        .forEach(c -> verdicts.put(c.get("metric").asText(), c.get("verdict").asText()));
    return verdicts;
  }

  @Test
  void aFigureThatDidNotChangeChangesByZeroPercentWithoutASign(@TempDir Path dir) {
    assertThat(loopbackRun(dir.resolve("a"))).isZero();

    assertThat(cli.run("compare", dir.resolve("a").toString(), dir.resolve("a").toString()))
        .isZero();
    assertThat(cli.out())
        .containsPattern("received.rate +[0-9,]+ msg/s +[0-9,]+ msg/s +0\\.0%\n")
        .doesNotContain("+0.0%", "-0.0%");
  }

  @Test
  void compareMatchesTheCellsOfTwoScenarioRunsByTheirAxisValues(@TempDir Path dir)
      throws Exception {
    for (String run : List.of("monday", "tuesday")) {
      Path scenario = dir.resolve(run);
      assertThat(loopbackRun(scenario.resolve("cells/000"))).isZero();
      assertThat(loopbackRun(scenario.resolve("cells/001"), "-s", "100")).isZero();
      new ScenarioIndex(
              ScenarioIndex.SCHEMA,
              "sizes",
              "sizes.yaml",
              "k3x09q",
              List.of(new ScenarioIndex.Axis("size", List.of("12", "100"))),
              List.of(
                  new ScenarioIndex.Cell(
                      0, "000-size=12", Map.of("size", "12"), 0, "cells/000", "completed", null),
                  new ScenarioIndex.Cell(
                      1, "001-size=100", Map.of("size", "100"), 0, "cells/001", "completed", null)),
              List.of(),
              null,
              null)
          .write(scenario);
    }

    assertThat(
            cli.run("compare", dir.resolve("monday").toString(), dir.resolve("tuesday").toString()))
        .isZero();
    assertThat(cli.out()).contains("== 000-size=12 ==").contains("== 001-size=100 ==");

    assertThat(
            cli.run(
                "compare",
                dir.resolve("monday").toString(),
                dir.resolve("tuesday/cells/000").toString()))
        .isEqualTo(ExitCodes.USAGE);
    assertThat(cli.err().strip())
        .isEqualTo(
            "bench: cannot compare a scenario run with single runs or several scenario runs: give"
                + " two scenario directories (a cell's repetitions are its runs) or result"
                + " directories");
  }

  @Test
  void compareOfSomethingThatIsNoResultIsAUsageError(@TempDir Path dir) throws Exception {
    Files.createDirectories(dir.resolve("empty"));
    assertThat(cli.run("compare", dir.resolve("empty").toString(), dir.resolve("empty").toString()))
        .isEqualTo(ExitCodes.USAGE);
    assertThat(cli.err().strip())
        .isEqualTo(
            "bench: "
                + dir.resolve("empty")
                + " holds no result.json: give a directory written by bench run -o");
  }

  @Test
  void compareOfAnotherToolsResultJsonNamesItInOneLine(@TempDir Path dir) throws Exception {
    assertThat(loopbackRun(dir.resolve("ours"))).isZero();
    Path theirs = Files.createDirectories(dir.resolve("theirs"));
    Files.writeString(theirs.resolve("result.json"), "{\"m\": null, \"rate\": 5000}");

    assertThat(cli.run("compare", dir.resolve("ours").toString(), theirs.toString()))
        .isEqualTo(ExitCodes.USAGE);
    assertThat(cli.err().strip())
        .isEqualTo(
            "bench: "
                + theirs.resolve("result.json")
                + " is not a brokerbench result of schema brokerbench-result/2");
  }

  @Test
  void aThresholdOnAStepTheSweepDoesNotHaveIsAUsageErrorBeforeTheRun(@TempDir Path dir) {
    int code =
        cli.run(
            "run",
            "loopback",
            "--rate-steps",
            "1000,2000",
            "--step-duration",
            "1s",
            "-o",
            dir.toString(),
            "--assert",
            "step2.e2e.p99 < 1s");

    assertThat(code).isEqualTo(ExitCodes.USAGE);
    assertThat(cli.err().strip())
        .isEqualTo(
            "bench: threshold 'step2.e2e.p99 < 1s' names step 2, but the run has steps 0 to 1");
    assertThat(cli.out()).isEmpty();
  }
}
