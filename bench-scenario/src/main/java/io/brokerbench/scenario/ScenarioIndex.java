package io.brokerbench.scenario;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The index of a scenario's output directory, {@value #FILE}: the axes and every cell with its
 * directory and status. Reports across cells read it; a run of the same scenario into the same
 * directory reads it to resume with the cells not completed.
 *
 * <pre>{@code
 * {"schema":"brokerbench-scenario/1","name":"queues","file":"scenarios/queues.yaml",
 *  "axes":[{"name":"queue-type","values":["classic","quorum"]}],
 *  "cells":[{"index":0,"id":"000-queue-type=classic","axes":{"queue-type":"classic"},
 *            "repetition":0,"dir":"cells/000-queue-type=classic","status":"completed"}]}
 * }</pre>
 *
 * @param schema always {@value #SCHEMA}
 * @param name the scenario's name
 * @param file the scenario file, as given
 * @param axes each axis's name and value labels
 * @param cells every cell, in order
 */
public record ScenarioIndex(
    String schema, String name, String file, List<AxisEntry> axes, List<CellEntry> cells) {
  /** The schema identifier. */
  public static final String SCHEMA = "brokerbench-scenario/1";

  /** The index's file name in the output directory. */
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
    axes = List.copyOf(axes);
    cells = List.copyOf(cells);
  }

  /**
   * An axis of the index.
   *
   * @param name the axis's name
   * @param values its values' labels
   */
  public record AxisEntry(String name, List<String> values) {}

  /**
   * A cell of the index.
   *
   * @param index 0-based
   * @param id the cell's id
   * @param axes the label of each axis's value
   * @param repetition 0-based
   * @param dir the cell's directory, relative to the index
   * @param status {@value #COMPLETED}, {@value #FAILED}, {@value #INTERRUPTED} or {@value #PENDING}
   */
  public record CellEntry(
      int index, String id, Map<String, String> axes, int repetition, String dir, String status) {

    /** This entry with another status. */
    public CellEntry withStatus(String newStatus) {
      return new CellEntry(index, id, axes, repetition, dir, newStatus);
    }
  }

  /** The index of a scenario none of whose cells has run. */
  public static ScenarioIndex pending(Scenario scenario, List<Cell> cells) {
    List<AxisEntry> axes =
        scenario.axes().stream().map(a -> new AxisEntry(a.name(), a.labels())).toList();
    List<CellEntry> entries = new ArrayList<>();
    for (Cell cell : cells) {
      entries.add(
          new CellEntry(
              cell.index(), cell.id(), cell.axes(), cell.repetition(), cell.dir(), PENDING));
    }
    return new ScenarioIndex(SCHEMA, scenario.name(), scenario.file().toString(), axes, entries);
  }

  /** This index with one cell's status changed. */
  public ScenarioIndex withStatus(int index, String status) {
    List<CellEntry> copy = new ArrayList<>(cells);
    copy.set(index, copy.get(index).withStatus(status));
    return new ScenarioIndex(schema, name, file, axes, copy);
  }

  /** Writes the index into {@code dir}, replacing the file at once so a reader never sees half. */
  public void write(Path dir) throws IOException {
    Path temporary = dir.resolve(FILE + ".tmp");
    MAPPER.writeValue(temporary.toFile(), this);
    Files.move(
        temporary,
        dir.resolve(FILE),
        StandardCopyOption.REPLACE_EXISTING,
        StandardCopyOption.ATOMIC_MOVE);
  }

  /** Reads the index in {@code dir}. */
  public static ScenarioIndex read(Path dir) throws IOException {
    return MAPPER.readValue(dir.resolve(FILE).toFile(), ScenarioIndex.class);
  }
}
