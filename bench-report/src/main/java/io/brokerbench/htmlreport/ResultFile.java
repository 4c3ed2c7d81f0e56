package io.brokerbench.htmlreport;

import io.brokerbench.report.JsonResult;
import io.brokerbench.report.RunDirectory;
import io.brokerbench.result.LatencySummary;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.StepResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** Reads a {@code result.json}, refusing other schemas with a message that names the file. */
final class ResultFile {
  /** The name of a run's result in its output directory. */
  static final String NAME = RunDirectory.RESULT;

  private ResultFile() {}

  /**
   * The result in this file.
   *
   * @throws ReportInputException when the file is unreadable, not JSON, or of another schema
   */
  static RunResult read(Path file) throws ReportInputException {
    RunResult result;
    try {
      result = JsonResult.read(file);
    } catch (IOException e) {
      throw new ReportInputException(e.getMessage(), e);
    }
    checkHistograms(file, "latency", result.figures().latency());
    for (StepResult step : result.figures().steps()) {
      checkHistograms(file, "steps[" + step.index() + "].latency", step.latency());
    }
    return result;
  }

  /** Decoded here so that a damaged histogram is an input error naming its file and place. */
  private static void checkHistograms(Path file, String where, Map<String, LatencySummary> latency)
      throws ReportInputException {
    for (Map.Entry<String, LatencySummary> kind : latency.entrySet()) {
      if (kind.getValue().histogram() != null) {
        try {
          kind.getValue().decodedHistogram();
        } catch (IllegalArgumentException e) {
          throw new ReportInputException(
              file + ": " + where + "." + kind.getKey() + ".histogram: " + e.getMessage(), e);
        }
      }
    }
  }

  /** True when the directory holds a result. */
  static boolean isIn(Path dir) {
    return Files.isRegularFile(dir.resolve(NAME));
  }
}
