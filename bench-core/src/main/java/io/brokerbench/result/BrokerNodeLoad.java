package io.brokerbench.result;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One broker node's load over a run's measured window (after the warm-up), or all nodes' together;
 * a figure the source does not give is -1.
 *
 * @param node the node's name, or {@code all} for the sum of the nodes
 * @param cpuPercentMean CPU used over the window, 100 per fully used core
 * @param cpuPercentMax CPU in the busiest interval
 * @param memoryBytesMax the most memory in use at any reading
 * @param memoryBytesEnd memory in use at the last reading
 * @param networkInBytesPerSecond bytes received over the window
 * @param networkOutBytesPerSecond bytes sent over the window
 * @param diskWriteBytesPerSecond bytes written to disk over the window
 * @param queuedMessagesMax the most messages queued at any reading
 * @param alarms the resource alarms that were on at any reading
 */
public record BrokerNodeLoad(
    String node,
    double cpuPercentMean,
    double cpuPercentMax,
    long memoryBytesMax,
    long memoryBytesEnd,
    double networkInBytesPerSecond,
    double networkOutBytesPerSecond,
    double diskWriteBytesPerSecond,
    long queuedMessagesMax,
    List<String> alarms) {

  /** The name of the row summing every node. */
  public static final String ALL = "all";

  /** Copies the list. */
  public BrokerNodeLoad {
    alarms = alarms == null ? List.of() : List.copyOf(alarms);
  }

  /**
   * For people, the figures the source gave: {@code CPU 143% (busiest interval 180%), memory 210 MB
   * (most 230 MB), network in 12.3 MB/s, out 11.9 MB/s, disk writes 4.1 MB/s, at most 1,234
   * queued}.
   */
  public String describe() {
    List<String> parts = new ArrayList<>();
    if (cpuPercentMean >= 0) {
      parts.add(
          String.format(Locale.ROOT, "CPU %.0f%%", cpuPercentMean)
              + (cpuPercentMax >= 0
                  ? String.format(Locale.ROOT, " (busiest interval %.0f%%)", cpuPercentMax)
                  : ""));
    }
    if (memoryBytesEnd >= 0) {
      parts.add(
          "memory "
              + megabytes(memoryBytesEnd)
              + (memoryBytesMax > memoryBytesEnd
                  ? " (most " + megabytes(memoryBytesMax) + ")"
                  : ""));
    }
    if (networkInBytesPerSecond >= 0) {
      parts.add(
          "network in "
              + megabytes(networkInBytesPerSecond)
              + "/s, out "
              + megabytes(networkOutBytesPerSecond)
              + "/s");
    }
    if (diskWriteBytesPerSecond >= 0) {
      parts.add("disk writes " + megabytes(diskWriteBytesPerSecond) + "/s");
    }
    if (queuedMessagesMax >= 0) {
      parts.add(String.format(Locale.ROOT, "at most %,d queued", queuedMessagesMax));
    }
    if (!alarms.isEmpty()) {
      parts.add("alarms on: " + String.join(", ", alarms));
    }
    return String.join(", ", parts);
  }

  private static String megabytes(double bytes) {
    return String.format(Locale.ROOT, bytes >= 10e6 ? "%.0f MB" : "%.1f MB", bytes / 1e6);
  }
}
