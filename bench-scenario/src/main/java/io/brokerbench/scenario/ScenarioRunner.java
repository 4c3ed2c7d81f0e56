package io.brokerbench.scenario;

import io.brokerbench.BenchmarkRun;
import io.brokerbench.report.RunDirectory;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.ScenarioIndex;
import io.brokerbench.spi.DriverException;
import io.brokerbench.threshold.Threshold;
import io.brokerbench.workload.RunId;
import io.brokerbench.workload.Workload;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Runs a scenario's cells one after the other with {@link BenchmarkRun}, each into its own
 * directory ({@code cells/<id>/result.json}, {@code intervals.csv}, {@code latency.hlog}), keeping
 * the {@linkplain ScenarioIndex index} up to date after each.
 *
 * <pre>{@code
 * ScenarioOutcome outcome = new ScenarioRunner(Scenario.load(file), Path.of("out"), out).run();
 * }</pre>
 *
 * <p>A failed cell is recorded and the next one runs. {@link #interrupt()} (a Ctrl-C hook) ends the
 * current cell, which is recorded as interrupted, and runs no more. Running the same scenario into
 * the same directory again resumes: completed cells are kept, the others run, on the same queues
 * (the index keeps the run's id, which names the queues of cells whose workload names none).
 */
public final class ScenarioRunner {
  private final Scenario scenario;
  private final Path outputDir;
  private final PrintWriter out;
  private String commandLine;
  private CellSelection selection = CellSelection.all();
  private volatile boolean interrupted;
  private volatile BenchmarkRun current;
  private volatile SetupCommands setups;

  /** A runner of {@code scenario} into {@code outputDir}, printing progress to {@code out}. */
  public ScenarioRunner(Scenario scenario, Path outputDir, PrintWriter out) {
    this.scenario = scenario;
    this.outputDir = outputDir;
    this.out = out;
  }

  /** The command line recorded in each cell's result (passwords masked by the caller). */
  public ScenarioRunner commandLine(String text) {
    this.commandLine = text;
    return this;
  }

  /** Runs only the selected cells; the others keep their status in the index. */
  public ScenarioRunner only(CellSelection selection) {
    this.selection = selection;
    return this;
  }

  /**
   * Runs the selected cells not completed yet; blocks until they ran or the run is interrupted.
   *
   * @throws ScenarioException when the directory holds another scenario's index
   * @throws IOException when the index or a cell's files cannot be written
   */
  public ScenarioOutcome run() throws IOException {
    Files.createDirectories(outputDir);
    ScenarioIndex earlier =
        Files.exists(outputDir.resolve(ScenarioIndex.FILE)) ? ScenarioIndex.read(outputDir) : null;
    // A resumed run keeps its queue names; an index written before runs had an id gets one.
    String runId = earlier != null && earlier.runId() != null ? earlier.runId() : RunId.random();
    List<Cell> cells = scenario.cells(runId);
    ScenarioIndex index = startingIndex(cells, runId, earlier);
    // Announced once the directory is known to be this scenario's: a refusal is then all there is.
    out.printf(
        Locale.ROOT, "scenario %s: %d cell(s) into %s%n", scenario.name(), cells.size(), outputDir);
    index.write(outputDir);
    List<Cell> selected = selection.of(cells);
    if (selected.size() < cells.size()) {
      out.printf(
          Locale.ROOT, "running %d of the %d cells (--only)%n", selected.size(), cells.size());
    }
    List<Cell> toRun = new ArrayList<>();
    for (Cell cell : selected) {
      if (!index.cells().get(cell.index()).status().equals(ScenarioIndex.COMPLETED)) {
        toRun.add(cell);
      }
    }
    if (toRun.size() < selected.size()) {
      out.printf(
          Locale.ROOT,
          "resuming %s: %d of %d cells completed already%n",
          outputDir,
          selected.size() - toRun.size(),
          selected.size());
    }
    List<RunResult> results = new ArrayList<>();
    long startNanos = System.nanoTime();
    // One broker set-up up at a time: each is started before its first cell, stopped after its
    // last.
    Path scenarioDir = scenario.file().toAbsolutePath().getParent();
    try (SetupCommands commands = new SetupCommands(scenarioDir, outputDir, out)) {
      setups = commands;
      for (int i = 0; i < toRun.size() && !interrupted; i++) {
        Cell cell = toRun.get(i);
        commands.use(cell.setup());
        if (interrupted) {
          break;
        }
        out.printf(
            Locale.ROOT,
            "cell %d/%d: %s ... (%s)%n",
            cell.index() + 1,
            cells.size(),
            cell.axesText(),
            timeLeft(toRun.subList(i, toRun.size()), i, System.nanoTime() - startNanos));
        out.flush();
        String status;
        RunResult result = run(cell);
        if (result == null) {
          status = ScenarioIndex.FAILED;
        } else {
          results.add(result);
          CellSummary.lines(result, scenario.latency()).forEach(out::println);
          status =
              switch (result.ending().status()) {
                case RunResult.COMPLETED -> ScenarioIndex.COMPLETED;
                case RunResult.INTERRUPTED -> ScenarioIndex.INTERRUPTED;
                default -> ScenarioIndex.FAILED;
              };
        }
        out.flush();
        index = index.withStatus(cell.index(), status);
        index.write(outputDir);
      }
    }
    return new ScenarioOutcome(index, results, interrupted);
  }

  /** Runs a cell; null when it could not start (the error is printed and in its result.json). */
  private RunResult run(Cell cell) throws IOException {
    Path dir = outputDir.resolve(cell.dir());
    Files.createDirectories(dir);
    Workload workload = cell.workload().toWorkload();
    BenchmarkRun.Builder builder =
        BenchmarkRun.builder(workload).driver(cell.driver(), cell.driverOptions());
    if (commandLine != null) {
      builder.commandLine(commandLine + " # cell " + cell.id());
    }
    for (String assertion : scenario.assertions()) {
      builder.threshold(Threshold.parse(assertion));
    }
    RunDirectory.of(dir).sinks().forEach(builder::sink);
    BenchmarkRun run = builder.build();
    current = run;
    try {
      if (interrupted) {
        run.interrupt();
      }
      return run.run();
    } catch (DriverException | RuntimeException e) {
      out.println("  failed: " + e.getMessage());
      return null;
    } finally {
      current = null;
    }
  }

  /** Ends the current cell early and runs no more. Any thread. */
  public void interrupt() {
    interrupted = true;
    SetupCommands commands = setups;
    if (commands != null) {
      commands.abort();
    }
    BenchmarkRun run = current;
    if (run != null) {
      run.interrupt();
    }
  }

  /** The index of the scenario with none of its cells run. */
  private ScenarioIndex pending(List<Cell> cells, String runId) {
    List<ScenarioIndex.Axis> axes =
        scenario.axes().stream().map(a -> new ScenarioIndex.Axis(a.name(), a.labels())).toList();
    List<ScenarioIndex.Cell> entries = new ArrayList<>();
    for (Cell cell : cells) {
      entries.add(
          new ScenarioIndex.Cell(
              cell.index(),
              cell.id(),
              cell.axes(),
              cell.repetition(),
              cell.dir(),
              ScenarioIndex.PENDING,
              cell.setup() == null ? null : cell.setup().name()));
    }
    List<ScenarioIndex.Setup> setups =
        scenario.setups().stream()
            .map(s -> new ScenarioIndex.Setup(s.name(), s.start(), s.settings(), s.standsInFor()))
            .toList();
    return new ScenarioIndex(
        ScenarioIndex.SCHEMA,
        scenario.name(),
        scenario.file().toString(),
        runId,
        axes,
        entries,
        setups,
        scenario.latency(),
        scenario.latencyBound() == null ? null : scenario.latencyBound().toNanos() / 1e6);
  }

  /** The index to start from: a fresh one, or the earlier run's (in the directory) resumed. */
  private ScenarioIndex startingIndex(List<Cell> cells, String runId, ScenarioIndex earlier) {
    ScenarioIndex fresh = pending(cells, runId);
    if (earlier == null) {
      return fresh;
    }
    List<String> ids = fresh.cells().stream().map(ScenarioIndex.Cell::id).toList();
    List<String> earlierIds = earlier.cells().stream().map(ScenarioIndex.Cell::id).toList();
    if (!earlier.name().equals(scenario.name()) || !earlierIds.equals(ids)) {
      throw new ScenarioException(
          outputDir
              + " holds the results of another scenario ("
              + earlier.name()
              + ", "
              + earlierIds.size()
              + " cells): choose another output directory");
    }
    ScenarioIndex resumed = fresh;
    for (ScenarioIndex.Cell entry : earlier.cells()) {
      if (entry.status().equals(ScenarioIndex.COMPLETED)) {
        resumed = resumed.withStatus(entry.index(), ScenarioIndex.COMPLETED);
      }
    }
    return resumed;
  }

  /**
   * About how long the cells left take: their planned lengths where the workload has one (warm-up,
   * duration or steps), else the average time of the cells run so far.
   */
  private static String timeLeft(List<Cell> left, int done, long elapsedNanos) {
    double seconds = 0;
    for (Cell cell : left) {
      Duration planned = planned(cell.workload().toWorkload());
      if (planned != null) {
        seconds += planned.toMillis() / 1000.0;
      } else if (done > 0) {
        seconds += elapsedNanos / 1e9 / done;
      } else {
        return "time left unknown";
      }
    }
    return seconds < 90
        ? String.format(Locale.ROOT, "about %.0f s left", seconds)
        : String.format(Locale.ROOT, "about %.0f min left", seconds / 60);
  }

  private static Duration planned(Workload workload) {
    Duration sending = workload.duration();
    if (sending == null) {
      return null;
    }
    return sending.plus(workload.warmup());
  }
}
