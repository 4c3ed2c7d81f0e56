package io.brokerbench.rocketmq;

import io.brokerbench.spi.Driver;
import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.DriverOption;
import io.brokerbench.spi.DriverProvider;
import io.brokerbench.spi.TargetOption;
import io.brokerbench.spi.ToolAlias;
import java.util.List;
import java.util.Map;

/**
 * Provides the {@code rocketmq} driver: Apache RocketMQ through rocketmq-client, against a name
 * server given with {@code -n}, or an embedded name server and broker when none is given.
 */
public final class RocketMqDriverProvider implements DriverProvider {

  @Override
  public String name() {
    return "rocketmq";
  }

  @Override
  public String description() {
    return "Apache RocketMQ (rocketmq-client " + RocketMqDriver.CLIENT_VERSION + ")";
  }

  /** The RocketMQ benchmark's periodic lines. */
  @Override
  public String familiarReport() {
    return "rocketmq";
  }

  /** {@code name-server}; a name server on this machine; the embedded one otherwise. */
  @Override
  public TargetOption target() {
    return new TargetOption("name-server", "BROKERBENCH_ROCKETMQ_NAMESRV", "127.0.0.1:9876", 9876);
  }

  /**
   * The RocketMQ benchmark's {@code -t} (topic) and {@code -w} (sender threads). The tool's {@code
   * -w W} keeps W sends in flight, each thread waiting for its answer; here one producer keeps the
   * same W sends in flight asynchronously, which the tool's figures are compared against at less
   * client CPU, with no thread per send.
   */
  @Override
  public List<ToolAlias> toolAliases() {
    return List.of(
        new ToolAlias("-t", "queue", "RocketMQ benchmark's topic"),
        new ToolAlias(
            "-w",
            "in-flight",
            "RocketMQ benchmark's sender threads: W sends in flight, each answered before its"
                + " slot is reused"));
  }

  @Override
  public List<DriverOption> options() {
    return RocketMqConfig.OPTIONS.help();
  }

  /** Parses the options as {@link #open} does, and opens nothing. */
  @Override
  public void check(Map<String, String> options) {
    RocketMqConfig.parse(options);
  }

  @Override
  public Driver open(Map<String, String> options) throws DriverException {
    return RocketMqDriver.open(RocketMqConfig.parse(options));
  }
}
