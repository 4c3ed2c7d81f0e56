package io.brokerbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The index of a scenario run ({@value #FILE} in its output directory, schema {@value #SCHEMA}):
 * the scenario's axes and, per cell, its axis values and the directory holding its {@code
 * result.json}.
 *
 * @param schema always {@value #SCHEMA}
 * @param name the scenario's name
 * @param file the scenario file it was run from
 * @param runId the scenario run's id, in the queue names of cells whose workload names none ({@code
 *     brokerbench-<runId>-cNNN}), kept so that a resumed run uses the same names; null in an index
 *     written before runs had one
 * @param axes the axes, each with its values
 * @param cells the cells in order
 * @param setups the broker set-ups the cells ran on, as the scenario file names them; empty when it
 *     names none
 * @param latency the latency kind (its key in {@code result.json}) the file asks the report to lead
 *     with, or null for the one that follows from the workload
 * @param latencyBoundMillis the bound, in milliseconds, under which the file asks the report for
 *     the share of the leading latency's values (the request-reply study's "under 20 ms"), or null
 */
public record ScenarioIndex(
    String schema,
    String name,
    String file,
    String runId,
    List<Axis> axes,
    List<Cell> cells,
    // Left out of the file of a scenario without set-ups, as before they existed.
    @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Setup> setups,
    @JsonInclude(JsonInclude.Include.NON_NULL) String latency,
    @JsonInclude(JsonInclude.Include.NON_NULL) Double latencyBoundMillis) {

  /** The schema identifier. */
  public static final String SCHEMA = "brokerbench-scenario/1";

  /** The index's file name in a scenario's output directory. */
  public static final String FILE = "scenario.json";

  /** Status of a cell that ran to its end. */
  public static final String COMPLETED = "completed";

  /** Status of a cell whose run failed (or could not start). */
  public static final String FAILED = "failed";

  /** Status of a cell ended by Ctrl-C. */
  public static final String INTERRUPTED = "interrupted";

  /** Status of a cell not run yet. */
  public static final String PENDING = "pending";

  private static final ObjectMapper MAPPER =
      new ObjectMapper()
          .enable(SerializationFeature.INDENT_OUTPUT)
          .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  /** Copies the lists. */
  public ScenarioIndex {
    axes = axes == null ? List.of() : List.copyOf(axes);
    cells = cells == null ? List.of() : List.copyOf(cells);
    setups = setups == null ? List.of() : List.copyOf(setups);
  }

  /**
   * A broker set-up of the scenario, for the record.
   *
   * @param name its name, as the cells' {@code setup} gives it
   * @param start the command that started it, or null for brokers already running
   * @param settings what tells it from the others, as the file writes them
   * @param standsInFor what the study ran that it stands in for, and why; null when it is the
   *     study's own
   */
  public record Setup(String name, String start, Map<String, String> settings, String standsInFor) {
    /** Copies the map. */
    public Setup {
      settings =
          settings == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(settings));
    }
  }

  /**
   * One axis.
   *
   * @param name a workload option, a driver option, or {@code driver}
   * @param values its values, as written in the scenario file
   */
  public record Axis(String name, List<String> values) {
    /** Copies the list. */
    public Axis {
      values = values == null ? List.of() : List.copyOf(values);
    }
  }

  /**
   * One cell.
   *
   * @param index 0-based position
   * @param id a name unique in the scenario, such as {@code 000-queue-type=classic}
   * @param axes the cell's value of each axis
   * @param repetition 0-based repetition of the same axis values
   * @param dir the cell's directory, relative to the scenario's
   * @param status {@code completed}, {@code failed}, {@code interrupted} or {@code pending}
   * @param setup the name of the broker set-up the cell ran on, or null
   */
  public record Cell(
      int index,
      String id,
      Map<String, String> axes,
      int repetition,
      String dir,
      String status,
      @JsonInclude(JsonInclude.Include.NON_NULL) String setup) {
    /** Copies the map. */
    public Cell {
      axes = axes == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(axes));
    }

    /** This cell with another status. */
    public Cell withStatus(String newStatus) {
      return new Cell(index, id, axes, repetition, dir, newStatus, setup);
    }
  }

  /** This index with one cell's status changed. */
  public ScenarioIndex withStatus(int cell, String status) {
    List<Cell> copy = new ArrayList<>(cells);
    copy.set(cell, copy.get(cell).withStatus(status));
    return new ScenarioIndex(
        schema, name, file, runId, axes, copy, setups, latency, latencyBoundMillis);
  }

  /** True when {@code dir} holds a scenario index. */
  public static boolean isScenarioDirectory(Path dir) {
    return Files.isRegularFile(dir.resolve(FILE));
  }

  /** Reads the index in a scenario's output directory. */
  public static ScenarioIndex read(Path dir) throws IOException {
    return MAPPER.readValue(dir.resolve(FILE).toFile(), ScenarioIndex.class);
  }

  /**
   * Writes this index into a scenario's output directory, replacing the file at once so a reader
   * (or a resumed run) never sees half of it.
   */
  public void write(Path dir) throws IOException {
    Path temporary = dir.resolve(FILE + ".tmp");
    MAPPER.writeValue(temporary.toFile(), this);
    Files.move(
        temporary,
        dir.resolve(FILE),
        java.nio.file.StandardCopyOption.REPLACE_EXISTING,
        java.nio.file.StandardCopyOption.ATOMIC_MOVE);
  }
}
