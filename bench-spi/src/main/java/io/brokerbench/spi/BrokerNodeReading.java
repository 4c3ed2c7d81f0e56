package io.brokerbench.spi;

import java.util.List;

/**
 * One reading of one broker node's own load, as the broker or its process reports it. Counters are
 * cumulative since some start the reader chose (the node's start, the process's), so only their
 * differences between two readings mean anything; a figure the source does not give is -1.
 *
 * @param node the node's name, such as {@code rabbit@host1} or {@code 127.0.0.1:5672}
 * @param cpuMillis CPU time the node used, all its threads together, milliseconds
 * @param memoryBytes memory in use now
 * @param networkInBytes bytes the node received from the network
 * @param networkOutBytes bytes the node sent to the network
 * @param diskWriteBytes bytes the node wrote to disk
 * @param queuedMessages messages in the node's queues now (ready and unacknowledged)
 * @param alarms the resource alarms on now that block publishers (RabbitMQ's {@code memory}, {@code
 *     disk}); empty when none or when the source cannot tell
 */
public record BrokerNodeReading(
    String node,
    long cpuMillis,
    long memoryBytes,
    long networkInBytes,
    long networkOutBytes,
    long diskWriteBytes,
    long queuedMessages,
    List<String> alarms) {

  /** Copies the list. */
  public BrokerNodeReading {
    alarms = List.copyOf(alarms);
  }
}
