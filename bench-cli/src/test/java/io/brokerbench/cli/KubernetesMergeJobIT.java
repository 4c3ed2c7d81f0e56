package io.brokerbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.brokerbench.report.JsonResult;
import io.brokerbench.report.RunDirectory;
import io.brokerbench.result.MissingShard;
import io.brokerbench.result.RunResult;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The merge Job of {@code deploy/kubernetes} as its pod runs it: its container's shell command,
 * with the fat jar and a results directory where the image and the volume have theirs, after an
 * Indexed Job of three shards of which one left no result.
 */
class KubernetesMergeJobIT {
  private static final Path JOB = Path.of("../deploy/kubernetes/merge-job.yaml");
  private static final Path JAR = Path.of("target/bench-cli.jar").toAbsolutePath();

  @TempDir Path results;

  @Test
  void aMissingShardFailsTheJobWithAPartialResultAndItsReport() throws Exception {
    BenchCli cli = new BenchCli();
    for (int shard : List.of(0, 1)) {
      String output = results.resolve("shard-" + shard).toString();
      String[] args = {
        "run",
        "loopback",
        "-u",
        "k8s-merge",
        "-x",
        "3",
        "-y",
        "3",
        "-C",
        "200",
        "--shard",
        shard + "/3",
        "-o",
        output
      };
      assertThat(cli.run(args)).as(cli.err()).isZero();
    }
    List<String> command =
        new ObjectMapper(new YAMLFactory())
            .readValue(JOB.toFile(), Job.class)
            .getSpec()
            .getTemplate()
            .getSpec()
            .getContainers()
            .get(0)
            .getCommand();
    String script =
        command
            .get(2)
            .replace("java -jar /app/bench-cli.jar", java() + " -jar " + JAR)
            .replace("/results", results.toString());
    Path log = results.resolve("merge-job.log");

    Process pod =
        new ProcessBuilder(command.get(0), command.get(1), script)
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();

    assertThat(pod.waitFor(120, TimeUnit.SECONDS)).as("the merge Job ended").isTrue();
    String output = Files.readString(log, StandardCharsets.UTF_8);
    assertThat(pod.exitValue()).as(output).isEqualTo(ExitCodes.RUN_FAILED);
    assertThat(output).contains("bench: merged 2 of 3 shards: shard 2 missing");
    Path merged = results.resolve("merged");
    RunResult result = JsonResult.read(merged.resolve(RunDirectory.RESULT));
    assertThat(result.ending().status()).isEqualTo(RunResult.PARTIAL);
    assertThat(result.mergedFrom().missingShards())
        .containsExactly(new MissingShard(2, 1, 1, 200L));
    assertThat(merged.resolve("report.html")).isNotEmptyFile();
  }

  private static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }
}
