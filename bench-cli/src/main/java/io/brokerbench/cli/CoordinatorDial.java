package io.brokerbench.cli;

import io.brokerbench.BenchmarkRun;
import io.brokerbench.coordination.Message;
import io.brokerbench.coordination.ShardLink;
import io.brokerbench.host.HostProbes;
import io.brokerbench.workload.Shard;
import io.brokerbench.workload.WorkloadException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * Makes a shard's run join a live coordinator ({@code --coordinator HOST:PORT}). A class of its
 * own, called only when the option is given, so that a plain run loads none of the coordination
 * classes.
 */
final class CoordinatorDial {
  /** How long a shard keeps dialling a coordinator that is not up yet. */
  static final Duration PATIENCE = Duration.ofMinutes(2);

  private CoordinatorDial() {}

  /**
   * Dials the coordinator and makes it the run's start gate and one of its sinks.
   *
   * @param address HOST:PORT
   * @return what ties the built run to the coordinator's stop
   * @throws WorkloadException when the address is not HOST:PORT
   */
  static Consumer<BenchmarkRun> join(BenchmarkRun.Builder builder, String address, Shard shard) {
    Message.Hello hello =
        new Message.Hello(shard.index(), shard.count(), HostProbes.hostName(), HostProbes.clock());
    ShardLink link = ShardLink.dial(parse(address), PATIENCE, hello);
    builder.startGate(link).sink(link);
    return run -> link.onStop(run::interrupt);
  }

  /**
   * The address HOST:PORT names, unresolved (resolved at each dial, as a Service's name may not
   * resolve yet).
   *
   * @throws WorkloadException when it is not HOST:PORT
   */
  static InetSocketAddress parse(String address) {
    int colon = address.lastIndexOf(':');
    try {
      if (colon > 0) {
        int port = Integer.parseInt(address.substring(colon + 1));
        if (port > 0 && port < 65536) {
          return InetSocketAddress.createUnresolved(address.substring(0, colon), port);
        }
      }
    } catch (NumberFormatException e) {
      // Worded below.
    }
    throw new WorkloadException(
        "--coordinator '" + address + "' is not HOST:PORT, such as coordinator:7070");
  }
}
