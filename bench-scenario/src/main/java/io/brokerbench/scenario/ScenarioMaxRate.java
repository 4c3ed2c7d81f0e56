package io.brokerbench.scenario;

import io.brokerbench.BenchmarkRun;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Runs the {@link MaxRateSearch} for each cell of a scenario (or for one workload), printing every
 * probe and writing {@value MaxRateReport#FILE} after each search.
 */
public final class ScenarioMaxRate {
  private final String name;
  private final List<Cell> cells;
  private final MaxRateSettings settings;
  private final Path outputDir;
  private final PrintWriter out;
  private volatile boolean interrupted;
  private volatile BenchmarkRun current;

  /** A search over each cell of {@code scenario}. */
  public ScenarioMaxRate(
      Scenario scenario, MaxRateSettings settings, Path outputDir, PrintWriter out) {
    this(scenario.name(), scenario.cells(), settings, outputDir, out);
  }

  /**
   * A search over each of these cells (a single workload on the command line is one cell).
   *
   * @param name the name written in the report
   */
  public ScenarioMaxRate(
      String name, List<Cell> cells, MaxRateSettings settings, Path outputDir, PrintWriter out) {
    this.name = name;
    this.cells = List.copyOf(cells);
    this.settings = settings;
    this.outputDir = outputDir;
    this.out = out;
  }

  /**
   * Searches each cell in turn; blocks until done or interrupted.
   *
   * @return the report written, with the searches that ended
   * @throws InterruptedException when interrupted; the searches so far are written, the one
   *     interrupted with its probes and stop {@code interrupted}
   * @throws IOException when the report cannot be written
   */
  public MaxRateReport run() throws IOException, InterruptedException {
    Files.createDirectories(outputDir);
    List<MaxRateReport.Search> searches = new ArrayList<>();
    MaxRateReport report = MaxRateReport.of(name, settings, searches);
    for (Cell cell : cells) {
      if (interrupted) {
        throw new InterruptedException("max-rate search interrupted");
      }
      out.printf(
          Locale.ROOT,
          "max-rate search %d/%d: %s%n",
          cell.index() + 1,
          cells.size(),
          cell.axesText());
      out.flush();
      RateProbe probe =
          new BenchmarkProbe(
              cell.workload(), cell.driver(), cell.driverOptions(), settings, this::running);
      List<MaxRateResult.Probe> probes = new ArrayList<>();
      MaxRateResult result;
      try {
        result =
            new MaxRateSearch(
                    settings,
                    probe,
                    p -> {
                      probes.add(p);
                      out.println(MaxRateReport.line(p));
                      out.flush();
                    })
                .run();
      } catch (InterruptedException e) {
        // Keep the probes measured so far: they cost minutes each on a real broker.
        List<Double> failed =
            probes.stream()
                .filter(p -> !p.verdict().pass())
                .map(p -> p.measurement().targetPerSecond())
                .sorted()
                .toList();
        searches.add(
            MaxRateReport.search(
                cell, new MaxRateResult(0, false, 0, failed, "interrupted", probes)));
        MaxRateReport.of(name, settings, searches).write(outputDir);
        throw e;
      }
      MaxRateReport.printConclusion(out, result);
      out.flush();
      searches.add(MaxRateReport.search(cell, result));
      report = MaxRateReport.of(name, settings, searches);
      report.write(outputDir);
    }
    return report;
  }

  /** Keeps the probe's run to interrupt; one that starts after an interrupt ends at once. */
  private void running(BenchmarkRun run) {
    current = run;
    if (run != null && interrupted) {
      run.interrupt();
    }
  }

  /** Ends the current probe and the search. Any thread. */
  public void interrupt() {
    interrupted = true;
    BenchmarkRun run = current;
    if (run != null) {
      run.interrupt();
    }
  }
}
