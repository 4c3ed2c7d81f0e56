package io.brokerbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScenarioCommandTest {
  private final BenchCli cli = new BenchCli();
  @TempDir Path dir;

  private Path file(String... lines) throws IOException {
    Path file = dir.resolve("s.yaml");
    Files.writeString(file, String.join("\n", lines) + "\n");
    return file;
  }

  @Test
  void runWritesEachCellAndTheIndexAndExitsZero() throws IOException {
    Path file =
        file(
            "name: sizes",
            "driver: loopback",
            "workload: {count: 1000}",
            "axes: [{name: size, values: [12, 1KiB]}]");
    Path output = dir.resolve("out");

    int exit = cli.run("scenario", "run", file.toString(), "-o", output.toString());

    assertThat(exit).as(cli.err()).isZero();
    assertThat(cli.out())
        .contains("scenario sizes: 2 cell(s) into " + output)
        .contains("cell 1/2: size=12 ...", "cell 2/2: size=1KiB ...")
        .containsPattern("completed: sent \\d+ msg/s, received \\d+ msg/s, e2e p50 .* lost 0");
    JsonNode index = new ObjectMapper().readTree(output.resolve("scenario.json").toFile());
    assertThat(index.get("cells"))
        .extracting(c -> c.get("status").asText())
        .containsOnly("completed");
    assertThat(output.resolve("cells/001-size=1KiB/result.json")).exists();
    JsonNode result =
        new ObjectMapper().readTree(output.resolve("cells/001-size=1KiB/result.json").toFile());
    assertThat(result.get("commandLine").asText())
        .isEqualTo("bench scenario run " + file + " -o " + output + " # cell 001-size=1KiB");
  }

  @Test
  void twoScenarioRunsCompareCellByCellWithTheRepetitionsAsRuns() throws IOException {
    Path file =
        file(
            "name: sizes",
            "driver: loopback",
            "workload: {count: 1000}",
            "repetitions: 4",
            "axes: [{name: size, values: [12, 1KiB]}]");
    Path before = dir.resolve("before");
    Path after = dir.resolve("after");
    assertThat(cli.run("scenario", "run", file.toString(), "-o", before.toString())).isZero();
    // Each combination's spread across its repetitions, as bench run --repeat prints it.
    assertThat(cli.out())
        .contains("\n== 000-size=12: 4 runs ==\n")
        .contains("\n== 004-size=1KiB: 4 runs ==\n")
        .containsPattern("\nlost +0 +- +0 \\.\\. 0\n");
    assertThat(cli.run("scenario", "run", file.toString(), "-o", after.toString())).isZero();

    int exit =
        cli.run(
            "compare",
            before.toString(),
            after.toString(),
            "-o",
            dir.resolve("compare.json").toString());

    assertThat(exit).as(cli.err()).isZero();
    JsonNode comparisons = new ObjectMapper().readTree(dir.resolve("compare.json").toFile());
    assertThat(comparisons)
        .extracting(c -> c.get("name").asText())
        .containsExactly("000-size=12", "004-size=1KiB");
    assertThat(comparisons)
        .allSatisfy(c -> assertThat(c.at("/candidate/runs").asInt()).isEqualTo(4));
    assertThat(cli.out()).contains("4 and 4 runs; noise judged from the runs");
  }

  @Test
  void onlyRunsTheNamedCellsAndASecondRunResumesWithTheOthers() throws IOException {
    Path file =
        file(
            "name: grid",
            "driver: loopback",
            "workload: {count: 500}",
            "axes: [{name: size, values: [12, 1KiB]}, {name: producers, values: [1, 2]}]");
    Path output = dir.resolve("out");

    int exit =
        cli.run(
            "scenario",
            "run",
            file.toString(),
            "-o",
            output.toString(),
            "--only",
            "size=1KiB,producers=2",
            "--only",
            "1");

    assertThat(exit).as(cli.err()).isZero();
    assertThat(cli.out())
        .contains("running 2 of the 4 cells (--only)")
        .contains("cell 1/4: size=12 producers=1 ...", "cell 4/4: size=1KiB producers=2 ...")
        .doesNotContain("cell 2/4", "cell 3/4");
    JsonNode index = new ObjectMapper().readTree(output.resolve("scenario.json").toFile());
    assertThat(index.get("cells"))
        .extracting(c -> c.get("status").asText())
        .containsExactly("completed", "pending", "pending", "completed");
    assertThat(cli.run("scenario", "run", file.toString(), "-o", output.toString())).isZero();
    assertThat(cli.out())
        .contains("resuming " + output + ": 2 of 4 cells completed already")
        .contains("cell 2/4", "cell 3/4")
        .doesNotContain("cell 1/4", "cell 4/4");
  }

  @Test
  void anOutputDirectoryOfAnotherScenarioIsRefusedBeforeAnythingIsAnnounced() throws IOException {
    Path output = dir.resolve("out");
    Path first = file("name: first", "driver: loopback", "workload: {count: 100}");
    assertThat(cli.run("scenario", "run", first.toString(), "-o", output.toString())).isZero();
    Path second = file("name: second", "driver: loopback", "workload: {count: 100}");

    assertThat(cli.run("scenario", "run", second.toString(), "-o", output.toString()))
        .isEqualTo(ExitCodes.USAGE);
    assertThat(cli.errorLine())
        .isEqualTo(
            "bench: "
                + output
                + " holds the results of another scenario (first, 1 cells): choose another output"
                + " directory");
    assertThat(cli.out()).isEmpty();
  }

  @Test
  void onlyNamingAnAxisOrLabelTheFileLacksIsAUsageError() throws IOException {
    Path file =
        file(
            "name: sizes",
            "driver: loopback",
            "workload: {count: 100}",
            "axes: [{name: size, values: [12, 1KiB]}]");
    String output = dir.resolve("out").toString();

    assertThat(cli.run("scenario", "run", file.toString(), "-o", output, "--only", "rate=5"))
        .isEqualTo(ExitCodes.USAGE);
    assertThat(cli.errorLine())
        .isEqualTo("bench: --only rate=5: no axis 'rate'; the axes are size");
    assertThat(cli.run("scenario", "run", file.toString(), "-o", output, "--only", "size=2KiB"))
        .isEqualTo(ExitCodes.USAGE);
    assertThat(cli.errorLine())
        .isEqualTo(
            "bench: --only size=2KiB: axis size has no value '2KiB'; its values are 12, 1KiB");
    assertThat(cli.run("scenario", "run", file.toString(), "-o", output, "--only", "3"))
        .isEqualTo(ExitCodes.USAGE);
    assertThat(cli.errorLine()).isEqualTo("bench: --only 3: the scenario has cells 1 to 2");
    assertThat(dir.resolve("out")).doesNotExist();
  }

  @Test
  void aBadFileIsAUsageErrorNamingFileLineAndKeyBeforeAnythingRuns() throws IOException {
    Path file = file("name: x", "driver: loopback", "workload:", "  size: huge");

    int exit = cli.run("scenario", "run", file.toString(), "-o", dir.resolve("out").toString());

    assertThat(exit).isEqualTo(2);
    assertThat(cli.errorLine()).startsWith("bench: " + file + ":4: size: 'huge' is not a size");
    assertThat(dir.resolve("out")).doesNotExist();
  }

  @Test
  void aFailedCellExitsOneAfterTheOthersRan() throws IOException {
    Path file =
        file(
            "name: broken",
            "driver: loopback",
            "workload: {duration: 2s}",
            "axes:",
            "  - name: producers",
            "    values:",
            "      - {value: 0, workload: {timeout: 300ms}}",
            "      - 1");

    int exit = cli.run("scenario", "run", file.toString(), "-o", dir.resolve("out").toString());

    assertThat(exit).isEqualTo(1);
    assertThat(cli.out()).contains("cell 2/2: producers=1").contains("completed:");
    assertThat(cli.errorLine()).isEqualTo("bench: 1 cell(s) failed: see their result.json");
  }

  @Test
  void anOptionValueTheDriverRejectsIsAUsageErrorBeforeAnythingRuns() throws IOException {
    Path file =
        file(
            "name: broken",
            "driver: loopback",
            "workload: {count: 100}",
            "axes: [{name: queue-capacity, values: [1024, 3]}]");

    int exit = cli.run("scenario", "run", file.toString(), "-o", dir.resolve("out").toString());

    assertThat(exit).isEqualTo(ExitCodes.USAGE);
    assertThat(cli.errorLine())
        .isEqualTo(
            "bench: "
                + file
                + ":4: values: queue-capacity must be a power of two from 2 to 1073741824 (got"
                + " '3')");
    assertThat(dir.resolve("out")).doesNotExist();
  }

  @Test
  void aScenarioWritesItsReportAndAFailedThresholdExitsFour() throws IOException {
    Path file =
        file(
            "name: strict",
            "driver: loopback",
            "workload: {count: 200}",
            "assert: ['lost == 0', 'e2e.p99 < 1ns']");

    int exit = cli.run("scenario", "run", file.toString(), "-o", dir.resolve("out").toString());

    assertThat(exit).isEqualTo(ExitCodes.THRESHOLD_FAILED);
    assertThat(cli.errorLine()).startsWith("bench: threshold FAILED: e2e.p99 < 1ns (measured ");
    assertThat(dir.resolve("out").resolve(ScenarioRunCommand.REPORT)).isRegularFile();
  }

  @Test
  void aCellThatHeldItsThresholdsOnASuspectRunExitsFive() throws IOException {
    // One send stalls 600 ms at 10,000 msg/s: most of the schedule leaves late.
    Path file =
        file(
            "name: late",
            "driver: loopback",
            "options: {stall-after: 1000, stall-ms: 600}",
            "workload: {count: 10000, rate: 10000}",
            "assert: ['lost == 0']");

    int exit = cli.run("scenario", "run", file.toString(), "-o", dir.resolve("out").toString());

    assertThat(exit).isEqualTo(ExitCodes.SUSPECT);
    assertThat(cli.errorLine())
        .isEqualTo("bench: 1 cell(s) held their thresholds on a suspect run: exit 5");
  }

  @Test
  void expandPrintsTheCellsWithoutRunningThem() throws IOException {
    Path file =
        file(
            "name: sizes",
            "driver: loopback",
            "options: {inline: true}",
            "workload: {duration: 60s}",
            "axes: [{name: size, values: [12, 1KiB]}]");

    int exit = cli.run("scenario", "expand", "--short", file.toString());

    assertThat(exit).isZero();
    assertThat(cli.out())
        .isEqualTo(
            String.join(
                System.lineSeparator(),
                "scenario sizes (" + file + ", short): 2 cell(s)",
                "000-size=12",
                "  driver loopback inline=true",
                "  workload queue=brokerbench-<run id>-c000 size=12 duration=3s",
                "001-size=1KiB",
                "  driver loopback inline=true",
                "  workload queue=brokerbench-<run id>-c001 size=1024 duration=3s",
                ""));
  }

  @Test
  void maxRateOfADriverWritesItsProbes() {
    Path output = dir.resolve("out");

    int exit =
        cli.run(
            "max-rate",
            "loopback",
            "-c",
            "100",
            "--start",
            "1000",
            "--probes",
            "2",
            "--probe-duration",
            "1s",
            "--probe-warmup",
            "0s",
            "--slip-p99",
            "1s",
            "--received",
            "50%",
            "-o",
            output.toString());

    assertThat(exit).as(cli.err()).isZero();
    assertThat(cli.out()).contains("probe  0 grow", "probe  1 grow", "max sustainable rate:");
    assertThat(output.resolve("max-rate.json")).exists();
  }

  @Test
  void maxRateSettingsAreCheckedAsUsageErrors() {
    assertThat(cli.run("max-rate", "loopback", "--factor", "1")).isEqualTo(2);
    assertThat(cli.errorLine()).isEqualTo("bench: --factor: must be above 1");
  }

  @Test
  void maxRateNeedsAKnownDriver() {
    assertThat(cli.run("max-rate", "rabbit")).isEqualTo(2);
    assertThat(cli.errorLine())
        .startsWith("bench: unknown driver 'rabbit': available drivers are ");
  }
}
