package io.brokerbench.rocketmq;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.IntStream;
import org.apache.rocketmq.common.message.MessageQueue;
import org.junit.jupiter.api.Test;

class DistinctConsumersAllocationTest {
  private final DistinctConsumersAllocation allocation = new DistinctConsumersAllocation();
  private final List<MessageQueue> queues =
      IntStream.range(0, 4).mapToObj(i -> new MessageQueue("t", "broker-a", i)).toList();

  @Test
  void aConsumerTheBrokerListsOncePerConnectionStillGetsEveryQueue() {
    // After a long broker freeze the broker listed the one consumer once per connection.
    List<String> listed = List.of("c1", "c1", "c1", "c1");

    assertThat(allocation.allocate("g", "c1", queues, listed)).containsExactlyElementsOf(queues);
  }

  @Test
  void twoConsumersListedTwiceEachShareTheQueuesInHalves() {
    List<String> listed = List.of("c1", "c1", "c2", "c2");

    assertThat(allocation.allocate("g", "c1", queues, listed)).hasSize(2);
    assertThat(allocation.allocate("g", "c2", queues, listed)).hasSize(2);
    assertThat(allocation.allocate("g", "c1", queues, listed))
        .doesNotContainAnyElementsOf(allocation.allocate("g", "c2", queues, listed));
  }
}
