package io.brokerbench.internal.phase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.brokerbench.result.Warning;
import io.brokerbench.spi.DriverException;
import io.brokerbench.workload.Destinations;
import io.brokerbench.workload.Shard;
import io.brokerbench.workload.ShardLayout;
import io.brokerbench.workload.Workload;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ForeignConsumerCheckTest {
  private final List<String> asked = new ArrayList<>();

  /** Three queues, q-1 to q-3, each with one producer and one consumer of the run. */
  private static ShardLayout threeQueues() {
    Workload workload =
        Workload.builder()
            .producers(3)
            .consumers(3)
            .destinations(Destinations.pattern("q-%d", 1, 3))
            .build();
    return new ShardLayout(workload, Shard.whole(workload));
  }

  private ForeignConsumerCheck.ConsumerCount broker(Map<String, Integer> consumers) {
    return destination -> {
      asked.add(destination);
      return consumers.getOrDefault(destination, 0);
    };
  }

  @Test
  void queuesWithoutOtherConsumersGiveNoWarning() throws Exception {
    assertThat(ForeignConsumerCheck.check(threeQueues(), broker(Map.of()), false)).isNull();
    assertThat(asked).containsExactly("q-1", "q-2", "q-3");
  }

  @Test
  void busyQueuesAreNamedWithTheirForeignConsumersInOneWarning() throws Exception {
    Warning warning =
        ForeignConsumerCheck.check(threeQueues(), broker(Map.of("q-1", 2, "q-3", 1)), false);

    assertThat(warning.code()).isEqualTo(Warning.FOREIGN_CONSUMERS);
    assertThat(warning.message())
        .isEqualTo(
            "FOREIGN_CONSUMERS: 2 queues already have consumers not of this run ('q-1': 2,"
                + " 'q-3': 1): their share of their messages will count as lost (use a queue of"
                + " its own, or --refuse-busy-queue)");
  }

  @Test
  void refusingThrowsNamingTheQueues() {
    assertThatThrownBy(
            () -> ForeignConsumerCheck.check(threeQueues(), broker(Map.of("q-2", 1)), true))
        .isInstanceOf(DriverException.class)
        .hasMessage(
            "queue 'q-2' already has 1 consumer(s) not of this run (--refuse-busy-queue): use a"
                + " queue of its own, or stop those consumers");
  }

  @Test
  void aQueueOnlyProducedToOrOnlyConsumedFromIsNotAsked() throws Exception {
    Workload producersAlone = Workload.builder().producers(2).consumers(0).destination("q").build();

    assertThat(
            ForeignConsumerCheck.check(
                new ShardLayout(producersAlone, Shard.whole(producersAlone)),
                broker(Map.of("q", 5)),
                false))
        .isNull();
    assertThat(asked).isEmpty();
  }

  @Test
  void aBrokerThatCannotBeAskedFailsTheCheck() {
    assertThatThrownBy(
            () ->
                ForeignConsumerCheck.check(
                    threeQueues(),
                    destination -> {
                      throw new DriverException("the broker did not answer");
                    },
                    false))
        .isInstanceOf(DriverException.class)
        .hasMessage("the broker did not answer");
  }
}
