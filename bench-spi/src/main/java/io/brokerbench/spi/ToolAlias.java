package io.brokerbench.spi;

import java.util.Objects;

/**
 * A short option of the tool a driver's users come from that stands for a workload option, such as
 * the RocketMQ benchmark's {@code -w} (sender threads) for {@code producers}. A command line offers
 * it for that driver only, since the same letters mean other things elsewhere ({@code -t} is
 * PerfTest's exchange type but the RocketMQ tool's topic).
 *
 * @param name the tool's option with its dash, such as {@code -w}
 * @param workloadOption the long name of the workload option it sets, such as {@code producers}
 * @param tool what the option means in its tool, for the help text
 */
public record ToolAlias(String name, String workloadOption, String tool) {

  /** Checks the names are present. */
  public ToolAlias {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(workloadOption, "workloadOption");
    Objects.requireNonNull(tool, "tool");
  }
}
