package io.brokerbench.result;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The broker's own load through a run, read every interval from the broker's statistics endpoint
 * (or its process on this machine). Each interval's figures are in {@link IntervalSample#broker()}.
 *
 * @param source where the figures came from, such as {@code Prometheus endpoint
 *     http://127.0.0.1:15692/metrics}; null when the broker was not read
 * @param readings readings that succeeded
 * @param failedReadings readings that failed (an endpoint off, slow or not the broker's)
 * @param total every node together over the measured window
 * @param nodes each node over the measured window, in the order the source gave them
 * @param memoryBreakdown the broker's memory at the end by what uses it, bytes by the broker's own
 *     category names (RabbitMQ's {@code /api/nodes/NAME/memory}), summed over the nodes; empty when
 *     the broker gives none
 */
public record BrokerLoad(
    String source,
    int readings,
    int failedReadings,
    BrokerNodeLoad total,
    List<BrokerNodeLoad> nodes,
    Map<String, Long> memoryBreakdown) {

  /** A run that did not read its broker. */
  public static final BrokerLoad NONE = new BrokerLoad(null, 0, 0, null, List.of(), Map.of());

  /** Copies the collections. */
  public BrokerLoad {
    nodes = nodes == null ? List.of() : List.copyOf(nodes);
    memoryBreakdown =
        memoryBreakdown == null
            ? Map.of()
            : Collections.unmodifiableMap(new LinkedHashMap<>(memoryBreakdown));
  }

  /**
   * For people: every node together, then each node when there are several, then the source.
   *
   * @return lines without line ends
   */
  public List<String> describe() {
    List<String> lines = new ArrayList<>();
    lines.add("broker: " + total.describe() + " (" + source + ")");
    if (nodes.size() > 1) {
      nodes.forEach(n -> lines.add("  " + n.node() + ": " + n.describe()));
    }
    return lines;
  }

  /** True when the run has the broker's figures. */
  public boolean measured() {
    return total != null;
  }
}
