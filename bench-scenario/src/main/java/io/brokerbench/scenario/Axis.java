package io.brokerbench.scenario;

import java.util.ArrayList;
import java.util.List;

/**
 * A setting a scenario varies: its cells are the cartesian product of all axes' values.
 *
 * @param name a workload option ({@code size}), a driver option ({@code queue-type}), {@code
 *     driver}, or any name for an axis of labelled settings
 * @param kind which of the three the name is
 * @param values the values, in the order cells take them
 * @param shortValues the short variant's values in their place, one for each (from the file's
 *     {@code short: {axes: ...}}), or empty to keep them
 * @param position where the axis was written
 */
public record Axis(
    String name, Kind kind, List<AxisValue> values, List<String> shortValues, Position position) {

  /** The axis named {@value #DRIVER} varies the driver. */
  public static final String DRIVER = "driver";

  /** The name of the axis whose values are broker set-ups. */
  public static final String SETUP = "setup";

  /** Copies the values. */
  public Axis {
    values = List.copyOf(values);
    shortValues = List.copyOf(shortValues);
  }

  /**
   * This axis in the short variant: its short values in place of its values, each labelled by
   * itself, so that a scaled-down cell says what it ran; or this axis, when it has none.
   */
  public Axis shortened() {
    if (shortValues.isEmpty()) {
      return this;
    }
    List<AxisValue> shortened = new ArrayList<>();
    for (int i = 0; i < values.size(); i++) {
      AxisValue full = values.get(i);
      String value = shortValues.get(i);
      shortened.add(
          new AxisValue(
              value, value, full.workload(), full.options(), full.setup(), full.position()));
    }
    return new Axis(name, kind, shortened, List.of(), position);
  }

  /** The short variant's label of the value labelled {@code label}. */
  String shortLabel(String label) {
    return shortValues.isEmpty() ? label : shortValues.get(labels().indexOf(label));
  }

  /** What an axis varies. */
  public enum Kind {
    /** A {@link io.brokerbench.workload.WorkloadOption}. */
    WORKLOAD,
    /** An option the cell's driver declares. */
    DRIVER_OPTION,
    /** The driver itself. */
    DRIVER,
    /** The broker set-up: each value names one of the file's {@code setups}. */
    SETUP,
    /**
     * Nothing by itself: each value is a label for the workload settings and driver options it
     * carries, such as {@code 10-queues: {producers: 10, queue-pattern: q-%d, ...}}.
     */
    LABEL
  }

  /** The values' labels, in order. */
  public List<String> labels() {
    return values.stream().map(AxisValue::label).toList();
  }
}
