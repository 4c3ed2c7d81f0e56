package io.brokerbench.cli;

import io.brokerbench.report.JsonResult;
import io.brokerbench.report.RunDirectory;
import io.brokerbench.result.RunResult;
import io.brokerbench.workload.WorkloadException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Reads the results commands take as input, refusing anything else in one line. */
final class ResultFiles {
  private ResultFiles() {}

  /**
   * The runs at {@code path}: the one result of a run's directory or file, or each run of a {@code
   * bench run --repeat} directory ({@code rep-1}, {@code rep-2}, …).
   *
   * @throws WorkloadException when there is none, or one is not a result of schema {@value
   *     RunResult#SCHEMA}
   */
  static List<RunResult> readRuns(Path path) {
    List<RunDirectory> repeats =
        Files.isDirectory(path) && !RunDirectory.of(path).hasResult()
            ? RunDirectory.of(path).repeats()
            : List.of();
    if (repeats.isEmpty()) {
      return List.of(read(path));
    }
    return repeats.stream().map(r -> read(r.path())).toList();
  }

  /**
   * The result in a directory written by {@code bench run -o}, or in a {@code result.json} file.
   *
   * @throws WorkloadException when there is none, or it is not a result of schema {@value
   *     RunResult#SCHEMA}
   */
  static RunResult read(Path path) {
    Path file = Files.isDirectory(path) ? path.resolve(RunDirectory.RESULT) : path;
    if (!Files.isRegularFile(file)) {
      throw new WorkloadException(
          path + " holds no " + RunDirectory.RESULT + ": give a directory written by bench run -o");
    }
    try {
      return JsonResult.read(file);
    } catch (IOException e) {
      throw new WorkloadException(e.getMessage());
    }
  }
}
