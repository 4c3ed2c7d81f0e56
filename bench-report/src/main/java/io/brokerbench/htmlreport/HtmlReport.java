package io.brokerbench.htmlreport;

import io.brokerbench.compare.RunComparison;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes one self-contained HTML page of charts and tables about runs and scenarios. The page
 * inlines its scripts, its style and its data, so it opens from a file with no network.
 *
 * <p>For each run: rates, latency percentiles, client CPU and memory over time; the percentile
 * distribution of every latency kind; integrity counts and warnings; workload, driver options,
 * broker and environment; and the rate steps of a sweep. For each scenario, in addition: a table of
 * its cells and charts comparing them.
 *
 * <pre>{@code
 * HtmlReport.write(List.of(Path.of("results/run-1"), Path.of("scenarios/queue-types")),
 *     Path.of("report.html"));
 * }</pre>
 */
public final class HtmlReport {
  private HtmlReport() {}

  /**
   * Writes the report of these inputs to a file, replacing it.
   *
   * @param inputs result directories (holding {@code result.json}), {@code result.json} files, or
   *     scenario directories (holding {@code scenario.json}), shown in this order
   * @param htmlFile the page to write
   * @throws ReportInputException when there is no input or an input cannot be reported: missing,
   *     unreadable, neither a result nor a scenario, or of another schema
   * @throws IOException when the page cannot be written
   */
  public static void write(List<Path> inputs, Path htmlFile) throws IOException {
    write(inputs, List.of(), htmlFile);
  }

  /**
   * Writes the report of these inputs, with comparisons of candidate runs with their baselines
   * ({@code bench compare}) shown first: each figure side by side with its change, the thresholds,
   * and the latency percentiles charted.
   *
   * @throws ReportInputException when there is no input or an input cannot be reported
   * @throws IOException when the page cannot be written
   */
  public static void write(List<Path> inputs, List<RunComparison> comparisons, Path htmlFile)
      throws IOException {
    if (inputs.isEmpty()) {
      throw new ReportInputException(
          "no input: give result directories, result.json files or scenario directories");
    }
    List<ReportInput> read = new ArrayList<>();
    for (Path input : inputs) {
      read.add(ReportInput.read(input));
    }
    String generated = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
    Files.writeString(
        htmlFile,
        ReportPage.render(ReportModel.of(read, comparisons, generated)),
        StandardCharsets.UTF_8);
  }
}
