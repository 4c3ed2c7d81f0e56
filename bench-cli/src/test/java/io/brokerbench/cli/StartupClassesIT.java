package io.brokerbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The guard of start-up: each main command, run from the fat jar as a user runs it, loads no more
 * classes than the committed {@link StartupBaseline} allows. A plain loopback run once loaded
 * Jackson, JNA, the HTML report and every driver's options before its first message, and took twice
 * the CPU; class counts, unlike timings, are the same at every run, so they can fail a build.
 *
 * <p>With {@code -Dbrokerbench.startup.record=true} it writes the counts it saw into {@code
 * src/test/resources/startup-baseline.properties} instead of checking them.
 */
class StartupClassesIT {
  private static final String RECORD = "brokerbench.startup.record";

  @TempDir Path dir;

  /**
   * A minimal use of each command, by its key in the baseline, in order: {@code DIR} is a fresh
   * output directory, {@code RUN} the result directory of {@code run-loopback-output} and {@code
   * FILE} a one-cell loopback scenario. {@code max-rate} is left out: what it loads beyond a run
   * depends on which probes pass, which a cold JVM on a busy machine does not decide the same way
   * twice.
   */
  private static Map<String, String> commands() {
    Map<String, String> commands = new LinkedHashMap<>();
    commands.put("run-loopback", "run loopback -C 1");
    commands.put("run-loopback-output", "run loopback -C 1 -o DIR");
    commands.put("scenario-run", "scenario run FILE -o DIR");
    commands.put("report", "report RUN -o DIR.html");
    commands.put("compare", "compare RUN RUN");
    commands.put("merge", "merge -o DIR RUN");
    commands.put("drivers", "drivers");
    commands.put("help", "--help");
    commands.put("version", "--version");
    return commands;
  }

  @Test
  void eachCommandLoadsNoMoreClassesThanItsBaseline() throws Exception {
    StartupBaseline baseline = StartupBaseline.load();
    Map<String, Map<String, Integer>> seen = new TreeMap<>();
    List<String> regressions = new ArrayList<>();
    Path scenario =
        Files.writeString(
            dir.resolve("scenario.yaml"),
            "name: one\ndriver: loopback\nworkload: {count: 1}\naxes: [{name: size, values: [12]}]\n");
    for (Map.Entry<String, String> command : commands().entrySet()) {
      String args =
          command
              .getValue()
              .replace("DIR", dir.resolve(command.getKey()).toString())
              .replace("RUN", dir.resolve("run-loopback-output").toString())
              .replace("FILE", scenario.toString());
      Map<String, Integer> packages = classesLoaded(command.getKey(), args);
      seen.put(command.getKey(), packages);
      String regression = baseline.regression(command.getKey(), command.getValue(), packages);
      if (regression != null) {
        regressions.add(regression);
      }
    }
    if (Boolean.getBoolean(RECORD)) {
      Path file = Path.of("src", "test", "resources", StartupBaseline.FILE);
      Files.writeString(file, StartupBaseline.text(seen, baseline.tolerancePercent()));
      System.out.println("start-up baseline recorded in " + file.toAbsolutePath());
      return;
    }
    assertThat(regressions).as("start-up regressions").isEmpty();
  }

  /** Runs {@code bench args} from the fat jar; the classes it loaded, by package. */
  private Map<String, Integer> classesLoaded(String key, String args)
      throws IOException, InterruptedException {
    Path log = dir.resolve(key + "-classes.log");
    Path output = dir.resolve(key + ".out");
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-Xlog:class+load=info:file=" + log);
    command.add("-jar");
    command.add(Path.of("target", "bench-cli.jar").toString());
    command.addAll(List.of(args.split(" ")));
    Process process =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(output.toFile())
            .start();
    assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("bench %s ended", args).isTrue();
    assertThat(process.exitValue())
        .as("bench %s exit code; its output:%n%s", args, Files.readString(output))
        .isZero();
    return StartupBaseline.packagesOfLog(Files.readAllLines(log, StandardCharsets.UTF_8));
  }
}
