package io.brokerbench.internal.phase;

import io.brokerbench.result.Warning;
import io.brokerbench.spi.DriverException;
import io.brokerbench.workload.ShardLayout;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Looks, before the run declares its destinations, for consumers not of this run on each
 * destination that the whole workload's producers and consumers share: another client's consumers
 * there take a share of the run's messages, which the run would count as lost. Consumers of this
 * workload's other shards may be there already, and are not foreign. Not API.
 */
public final class ForeignConsumerCheck {
  /** How many consumers a destination has now, as the driver tells. */
  @FunctionalInterface
  public interface ConsumerCount {
    /**
     * The consumers on {@code destination}, 0 when it does not exist.
     *
     * @throws DriverException when the broker could not be asked
     */
    int consumersOf(String destination) throws DriverException;
  }

  private ForeignConsumerCheck() {}

  /**
   * The warning to give of the foreign consumers found, or null when there are none.
   *
   * @param refuse fail instead of warning ({@code --refuse-busy-queue})
   * @throws DriverException when asking failed, or when {@code refuse} and a destination is busy
   */
  public static Warning check(ShardLayout layout, ConsumerCount driver, boolean refuse)
      throws DriverException {
    Map<String, Integer> busy = new LinkedHashMap<>();
    for (int d = 0; d < layout.destinations(); d++) {
      int everywhere = layout.consumersEverywhere(d);
      if (everywhere == 0 || layout.producersEverywhere(d) == 0) {
        continue;
      }
      int existing = driver.consumersOf(layout.name(d));
      int foreign = existing - (everywhere - layout.consumersHere(d));
      if (foreign > 0) {
        busy.put(layout.name(d), foreign);
      }
    }
    if (busy.isEmpty()) {
      return null;
    }
    String which =
        busy.size() == 1
            ? "queue '"
                + busy.keySet().iterator().next()
                + "' already has "
                + busy.values().iterator().next()
                + " consumer(s) not of this run"
            : busy.size()
                + " queues already have consumers not of this run ("
                + busy.entrySet().stream()
                    .map(e -> "'" + e.getKey() + "': " + e.getValue())
                    .collect(Collectors.joining(", "))
                + ")";
    if (refuse) {
      throw new DriverException(
          which + " (--refuse-busy-queue): use a queue of its own, or stop those consumers");
    }
    return new Warning(
        Warning.FOREIGN_CONSUMERS,
        "FOREIGN_CONSUMERS: "
            + which
            + ": their share of "
            + (busy.size() == 1 ? "its" : "their")
            + " messages will count as lost (use a queue of its own, or"
            + " --refuse-busy-queue)");
  }
}
