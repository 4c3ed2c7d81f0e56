package io.brokerbench.cli;

import io.brokerbench.workload.WorkloadOption;
import io.brokerbench.workload.WorkloadSpec;
import java.util.List;

/**
 * A short option of the tool a driver's users come from that means a workload option (the RocketMQ
 * benchmark's {@code -t} topic and {@code -w} threads). Added to that driver's command only, since
 * the same letters mean other things elsewhere ({@code -t} is PerfTest's exchange type).
 *
 * @param name the tool's option, such as {@code -w}
 * @param target the workload option it stands for, such as {@link WorkloadOption#PRODUCERS}
 * @param tool where it comes from, for the help text
 */
record ToolAlias(String name, WorkloadOption<?> target, String tool) {

  /** The aliases of one driver. */
  static List<ToolAlias> forDriver(String driver) {
    if (driver.equals("rocketmq")) {
      return List.of(
          new ToolAlias("-t", WorkloadOption.QUEUE, "RocketMQ benchmark's topic"),
          new ToolAlias("-w", WorkloadOption.PRODUCERS, "RocketMQ benchmark's sender threads"));
    }
    return List.of();
  }

  /**
   * The spec with the target option set from the alias's value, as a scenario file would set it.
   *
   * @throws io.brokerbench.workload.WorkloadException when the value is not one of the target's
   */
  WorkloadSpec apply(WorkloadSpec spec, String value) {
    return spec.withText(target, value);
  }
}
