package io.brokerbench.cli;

import io.brokerbench.workload.WorkloadException;
import java.util.List;

/**
 * A short option of the tool a driver's users come from that means a workload option (the RocketMQ
 * benchmark's {@code -t} topic and {@code -w} threads). Added to that driver's command only, since
 * the same letters mean other things elsewhere ({@code -t} is PerfTest's exchange type).
 *
 * @param name the tool's option, such as {@code -w}
 * @param target the workload option it stands for, such as {@code --producers}
 * @param tool where it comes from, for the help text
 */
record ToolAlias(String name, String target, String tool) {

  /** The aliases of one driver. */
  static List<ToolAlias> forDriver(String driver) {
    if (driver.equals("rocketmq")) {
      return List.of(
          new ToolAlias("-t", "--queue", "RocketMQ benchmark's topic"),
          new ToolAlias("-w", "--producers", "RocketMQ benchmark's sender threads"));
    }
    return List.of();
  }

  /** Sets the workload option from the alias's value. */
  void apply(WorkloadOptions options, String value) {
    switch (target) {
      case "--queue" -> options.queue = value;
      case "--producers" -> {
        try {
          options.producers = Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
          throw new WorkloadException(name + " must be a whole number (got '" + value + "')");
        }
      }
      default -> throw new IllegalStateException("no workload option " + target);
    }
  }
}
