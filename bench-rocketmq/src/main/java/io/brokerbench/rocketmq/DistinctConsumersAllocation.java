package io.brokerbench.rocketmq;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.apache.rocketmq.client.consumer.AllocateMessageQueueStrategy;
import org.apache.rocketmq.client.consumer.rebalance.AllocateMessageQueueAveragely;
import org.apache.rocketmq.common.message.MessageQueue;

/**
 * RocketMQ's average allocation of a topic's queues among a group's consumers, over each consumer
 * once. After the broker was frozen past the client's timeouts, the client connects again while the
 * broker keeps the old connections for up to two minutes and lists the consumer once per
 * connection; the average allocation then hands it one share per listing (measured: a 40 s freeze
 * left one consumer 1 of 4 queues, a quarter of the messages, for the rest of an 80 s run).
 */
final class DistinctConsumersAllocation implements AllocateMessageQueueStrategy {
  private final AllocateMessageQueueAveragely averagely = new AllocateMessageQueueAveragely();

  @Override
  public List<MessageQueue> allocate(
      String group, String currentConsumer, List<MessageQueue> queues, List<String> consumers) {
    // Sorted as the client sorts them, so every consumer computes the same split.
    return averagely.allocate(
        group, currentConsumer, queues, new ArrayList<>(new TreeSet<>(consumers)));
  }

  @Override
  public String getName() {
    return averagely.getName();
  }
}
