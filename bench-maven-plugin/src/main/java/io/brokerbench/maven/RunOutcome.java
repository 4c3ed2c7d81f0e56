package io.brokerbench.maven;

import io.brokerbench.cli.ExitCodes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * How one goal's command ended, kept in its run directory so that the verify goal, later in the
 * build, decides the build on it (as failsafe's summary file does): the integration-test phase ends
 * without failing, so whatever the build stops in post-integration-test (a broker it started) is
 * stopped.
 *
 * @param directory the run's directory, with its result files
 * @param exitCode the command's exit code (docs/usage.md)
 */
record RunOutcome(Path directory, int exitCode) {
  /** The file in the run directory that holds the exit code. */
  static final String FILE = "exit-code";

  /** Writes the outcome into its directory. */
  void write() throws IOException {
    Files.writeString(directory.resolve(FILE), exitCode + "\n", StandardCharsets.UTF_8);
  }

  /**
   * The outcomes of every run under {@code resultsDirectory}, in name order; none if it is absent.
   */
  static List<RunOutcome> readAll(Path resultsDirectory) throws IOException {
    List<RunOutcome> outcomes = new ArrayList<>();
    if (!Files.isDirectory(resultsDirectory)) {
      return outcomes;
    }
    try (Stream<Path> runs = Files.list(resultsDirectory)) {
      for (Path run : runs.sorted().toList()) {
        Path file = run.resolve(FILE);
        if (Files.isRegularFile(file)) {
          String text = Files.readString(file, StandardCharsets.UTF_8).trim();
          try {
            outcomes.add(new RunOutcome(run, Integer.parseInt(text)));
          } catch (NumberFormatException e) {
            throw new IOException(file + " holds '" + text + "', not an exit code", e);
          }
        }
      }
    }
    return outcomes;
  }

  /** True when the run completed and everything it was asked to check held. */
  boolean passed() {
    return exitCode == ExitCodes.OK;
  }

  /** True when the only thing wrong is a suspect run whose thresholds held. */
  boolean suspectOnly() {
    return exitCode == ExitCodes.SUSPECT;
  }

  /** One line for the build's log: the run's name, what its code means, where its files are. */
  String describe() {
    return directory.getFileName()
        + ": "
        + ExitCodes.meaning(exitCode)
        + " (exit "
        + exitCode
        + "), results in "
        + directory;
  }
}
