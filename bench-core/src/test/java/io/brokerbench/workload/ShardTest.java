package io.brokerbench.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ShardTest {
  private static final Workload WHOLE =
      Workload.builder().producers(10).consumers(3).rate(10_000).messagesPerProducer(500).build();

  @Test
  void producersConsumersAndTheRateAreDividedWithTheRemainderOnTheFirstShards() {
    List<Shard.Part> parts = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      parts.add(Shard.of(WHOLE, i, 4));
    }

    assertThat(parts).extracting(p -> p.workload().producers()).containsExactly(3, 3, 2, 2);
    assertThat(parts).extracting(p -> p.workload().consumers()).containsExactly(1, 1, 1, 0);
    assertThat(parts).extracting(p -> p.shard().firstProducer()).containsExactly(0, 3, 6, 8);
    assertThat(parts).extracting(p -> p.shard().firstConsumer()).containsExactly(0, 1, 2, 3);
    assertThat(parts)
        .extracting(p -> p.workload().rate().steps().get(0).messagesPerSecond())
        .containsExactly(3_000.0, 3_000.0, 2_000.0, 2_000.0);
    assertThat(parts)
        .allSatisfy(p -> assertThat(p.workload().messagesPerProducer()).isEqualTo(500));
    assertThat(parts)
        .allSatisfy(
            p -> {
              assertThat(p.shard().totalProducers()).isEqualTo(10);
              assertThat(p.shard().totalConsumers()).isEqualTo(3);
            });
  }

  @Test
  void theProducersOfTheShardsOnAHostAreMarkedByGlobalIndexTrafficProducersIncluded() {
    // 5 producers over 3 shards: 0-1, 2-3, 4; traffic producers 5, 6, 7.
    Shard third = new Shard(4, 5, 0, 0, 2, 3);

    assertThat(third.producersOf(Set.of(0, 2), 8))
        .containsExactly(true, true, false, false, true, true, false, true);
    assertThat(third.producersOf(Set.of(1), 5)).containsExactly(false, false, true, true, false);
  }

  @Test
  void onlyAWholeRunDeletesTheQueuesItDeclared() {
    // Shards share the workload's queues: one that ended first would pull them from the others.
    assertThat(Shard.whole(WHOLE).deletesWhatItDeclared()).isTrue();
    assertThat(Shard.of(WHOLE, 0, 1).shard().deletesWhatItDeclared()).isTrue();
    assertThat(Shard.of(WHOLE, 0, 4).shard().deletesWhatItDeclared()).isFalse();
    assertThat(Shard.of(WHOLE, 3, 4).shard().deletesWhatItDeclared()).isFalse();
  }

  @Test
  void aShardThatDoesNotExistOrWouldBeEmptyIsRefused() {
    assertThatThrownBy(() -> Shard.of(WHOLE, 4, 4))
        .hasMessage("shard 4/4 does not exist: give I/N with 0 <= I < N");
    assertThatThrownBy(() -> Shard.of(WHOLE, 12, 14))
        .hasMessage(
            "shard 12/14 would have no producer and no consumer: the workload has 10 producers"
                + " and 3 consumers for 14 shards");
  }
}
