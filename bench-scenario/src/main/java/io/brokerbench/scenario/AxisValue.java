package io.brokerbench.scenario;

import java.util.List;

/**
 * One value of an {@link Axis}. Written either as a plain value ({@code quorum}) or as a map that
 * also carries settings going with it, such as a driver's own options and workload settings:
 *
 * <pre>{@code
 * - value: amqp10
 *   label: amqp10-credit200
 *   options: {url: "amqp://127.0.0.1:5672", delete-queues: true}
 *   workload: {credit: 200}
 * }</pre>
 *
 * @param value the axis option's value (for the {@code driver} axis, the driver's name); null on an
 *     axis of {@linkplain Axis.Kind#LABEL labelled settings}
 * @param label the name of this value in cell ids and the index; the value unless given
 * @param workload workload settings applied with this value
 * @param options driver options applied with this value
 * @param setup the broker set-up the cells with this value run on, or null
 * @param position where the value was written
 */
public record AxisValue(
    String value,
    String label,
    List<Setting> workload,
    List<Setting> options,
    String setup,
    Position position) {

  /** Copies the lists. */
  public AxisValue {
    workload = List.copyOf(workload);
    options = List.copyOf(options);
  }
}
