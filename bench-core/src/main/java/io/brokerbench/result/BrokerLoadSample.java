package io.brokerbench.result;

import java.util.List;

/**
 * The broker's own load over one interval, all its nodes together, as its readings at the
 * interval's two ends give it; a figure the broker's source does not give is -1.
 *
 * @param cpuPercent CPU the broker used, 100 per fully used core
 * @param memoryBytes memory in use at the interval's end
 * @param networkInBytesPerSecond bytes the broker received
 * @param networkOutBytesPerSecond bytes the broker sent
 * @param diskWriteBytesPerSecond bytes the broker wrote to disk
 * @param queuedMessages messages in the broker's queues at the interval's end
 * @param alarms resource alarms on at either end ({@code memory}, {@code disk})
 */
public record BrokerLoadSample(
    double cpuPercent,
    long memoryBytes,
    double networkInBytesPerSecond,
    double networkOutBytesPerSecond,
    double diskWriteBytesPerSecond,
    long queuedMessages,
    List<String> alarms) {

  /** An interval the broker was not read for. */
  public static final BrokerLoadSample NONE =
      new BrokerLoadSample(-1, -1, -1, -1, -1, -1, List.of());

  /** Copies the list. */
  public BrokerLoadSample {
    alarms = alarms == null ? List.of() : List.copyOf(alarms);
  }

  /** True when the interval has the broker's figures. */
  public boolean known() {
    return cpuPercent >= 0 || memoryBytes >= 0;
  }
}
