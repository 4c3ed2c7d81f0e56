package io.brokerbench.cli;

import io.brokerbench.scenario.Scenario;
import io.brokerbench.workload.WorkloadException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The scenario file of a {@code bench scenario} command, and its short variant. */
final class ScenarioFileOptions {
  @Parameters(index = "0", paramLabel = "FILE", description = "The scenario file (YAML).")
  Path file;

  @Option(
      names = "--short",
      description =
          "Run the short variant: each cell a few seconds (the file's short: settings, or"
              + " durations capped at 3 s, counts at 20000, rate steps at 2 s, warm-ups at 1 s).")
  boolean shortVariant;

  /**
   * Reads and checks the scenario.
   *
   * @throws WorkloadException (a {@link io.brokerbench.scenario.ScenarioException}) naming the
   *     file, line and key of a mistake, or when the file cannot be read
   */
  Scenario load() {
    if (!Files.isRegularFile(file)) {
      throw new WorkloadException("no scenario file " + file);
    }
    try {
      Scenario scenario = Scenario.load(file);
      return shortVariant ? scenario.asShort() : scenario;
    } catch (IOException e) {
      throw new WorkloadException("cannot read " + file + ": " + e.getMessage());
    }
  }
}
