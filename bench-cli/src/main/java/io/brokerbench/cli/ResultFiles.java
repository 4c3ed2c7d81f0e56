package io.brokerbench.cli;

import io.brokerbench.report.JsonResult;
import io.brokerbench.report.RunDirectory;
import io.brokerbench.result.RunResult;
import io.brokerbench.workload.WorkloadException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Reads the results commands take as input, refusing anything else in one line. */
final class ResultFiles {
  private ResultFiles() {}

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
