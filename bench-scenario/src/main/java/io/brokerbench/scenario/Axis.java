package io.brokerbench.scenario;

import java.util.List;

/**
 * A setting a scenario varies: its cells are the cartesian product of all axes' values.
 *
 * @param name a workload option ({@code size}), a driver option ({@code queue-type}), {@code
 *     driver}, or any name for an axis of labelled settings
 * @param kind which of the three the name is
 * @param values the values, in the order cells take them
 * @param position where the axis was written
 */
public record Axis(String name, Kind kind, List<AxisValue> values, Position position) {

  /** The axis named {@value #DRIVER} varies the driver. */
  public static final String DRIVER = "driver";

  /** Copies the values. */
  public Axis {
    values = List.copyOf(values);
  }

  /** What an axis varies. */
  public enum Kind {
    /** A {@link io.brokerbench.workload.WorkloadOption}. */
    WORKLOAD,
    /** An option the cell's driver declares. */
    DRIVER_OPTION,
    /** The driver itself. */
    DRIVER,
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
