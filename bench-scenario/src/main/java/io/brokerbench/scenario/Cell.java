package io.brokerbench.scenario;

import io.brokerbench.workload.WorkloadSpec;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One run of a scenario: a combination of axis values (and a repetition).
 *
 * @param index 0-based position in the scenario
 * @param id {@code NNN-axis=value-...}, unique in the scenario, also the name of its directory
 * @param axes the label of each axis's value, by axis name, in the axes' order
 * @param repetition 0-based repetition of this combination
 * @param workload the base workload overridden by the cell's values; {@link
 *     WorkloadSpec#toWorkload()} succeeds (checked when the cell was made)
 * @param driver the driver's name
 * @param driverOptions the driver's options by name, checked against the names it declares
 * @param setup the broker set-up the cell runs on, or null when the scenario names none
 */
public record Cell(
    int index,
    String id,
    Map<String, String> axes,
    int repetition,
    WorkloadSpec workload,
    String driver,
    Map<String, String> driverOptions,
    BrokerSetup setup) {

  /** The directory of a cell's files, under the scenario's output directory. */
  public static final String CELLS_DIR = "cells";

  /** Copies the maps, keeping their order. */
  public Cell {
    axes = Collections.unmodifiableMap(new LinkedHashMap<>(axes));
    driverOptions = Collections.unmodifiableMap(new LinkedHashMap<>(driverOptions));
  }

  /** The cell's directory relative to the output directory: {@code cells/<id>}. */
  public String dir() {
    return CELLS_DIR + "/" + id;
  }

  /**
   * The axis values as {@code axis=value axis=value}, for progress lines; for a cell of a scenario
   * without axes, whose id is a bare number, what it runs: {@code the scenario's workload (no
   * axes)}.
   */
  public String axesText() {
    if (axes.isEmpty()) {
      return "the scenario's workload (no axes)";
    }
    StringBuilder text = new StringBuilder();
    axes.forEach(
        (axis, value) ->
            text.append(text.length() == 0 ? "" : " ").append(axis).append('=').append(value));
    return text.toString();
  }
}
