package io.brokerbench.scenario;

import java.util.List;
import java.util.Map;

/**
 * One entry of a scenario's {@code exclude:} list, as in a CI matrix: the combinations of axis
 * values it names are not run, such as a client and broker pair known not to work together.
 *
 * <pre>{@code
 * exclude:
 *   - {queue-type: stream, driver: 3.10-amqp10-credit200}
 * }</pre>
 *
 * @param labels axis name to value label; a cell whose values carry all of these labels is left out
 * @param position where the entry was written
 */
public record Exclusion(Map<String, String> labels, Position position) {

  /** Copies the map. */
  public Exclusion {
    labels = Map.copyOf(labels);
  }

  /** True when a cell of these axis values (axis name to label) is left out. */
  boolean excludes(List<Axis> axes, List<AxisValue> values) {
    for (int i = 0; i < axes.size(); i++) {
      String label = labels.get(axes.get(i).name());
      if (label != null && !label.equals(values.get(i).label())) {
        return false;
      }
    }
    return true;
  }
}
