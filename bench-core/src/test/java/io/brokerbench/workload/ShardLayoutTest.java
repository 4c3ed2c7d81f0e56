package io.brokerbench.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class ShardLayoutTest {
  /** 3 destinations, 5 producers, 4 consumers. */
  private static final Workload WHOLE =
      Workload.builder()
          .producers(5)
          .consumers(4)
          .destinations(Destinations.pattern("q-%d", 1, 3))
          .build();

  @Test
  void producersAndConsumersAreDealtRoundTheDestinationsByGlobalIndex() {
    ShardLayout layout = new ShardLayout(WHOLE, Shard.whole(WHOLE));

    assertThat(layout.destinations()).isEqualTo(3);
    assertThat(IntStream.range(0, 5).map(layout::producerDestination))
        .containsExactly(0, 1, 2, 0, 1);
    assertThat(IntStream.range(0, 4).map(layout::consumerDestination)).containsExactly(0, 1, 2, 0);
    assertThat(layout.name(layout.producerDestination(4))).isEqualTo("q-2");
    assertThat(IntStream.range(0, 3).map(layout::producersEverywhere)).containsExactly(2, 2, 1);
    assertThat(IntStream.range(0, 3).map(layout::consumersEverywhere)).containsExactly(2, 1, 1);
    assertThat(IntStream.range(0, 3).map(layout::consumersHere)).containsExactly(2, 1, 1);
    assertThat(layout.mostConsumersHere()).isEqualTo(2);
    assertThat(IntStream.range(0, 5)).allMatch(layout::consumedOnlyHere);
  }

  @Test
  void aShardSeesItsOwnConsumersAndKnowsWhichDestinationsItShares() {
    Shard.Part second = Shard.of(WHOLE, 1, 2);
    // Shard 1 of 2 plays producers 3 and 4 and consumers 2 and 3.
    ShardLayout layout = new ShardLayout(second.workload(), second.shard());

    assertThat(layout.globalProducer(0)).isEqualTo(3);
    assertThat(layout.globalConsumer(1)).isEqualTo(3);
    assertThat(IntStream.range(0, 3).map(layout::consumersHere)).containsExactly(1, 0, 1);
    assertThat(IntStream.range(0, 3).map(layout::consumersEverywhere)).containsExactly(2, 1, 1);
    // Destination 0: consumer 3 here, consumer 0 in the other shard.
    assertThat(layout.consumedHere(0)).isTrue();
    assertThat(layout.consumedOnlyHere(0)).isFalse();
    // Destination 1: consumer 1 only, in the other shard.
    assertThat(layout.consumedHere(1)).isFalse();
    assertThat(layout.consumedOnlyHere(1)).isFalse();
    assertThat(layout.producerConsumed(1)).isTrue();
    // Destination 2: consumer 2 only, here.
    assertThat(layout.consumedOnlyHere(2)).isTrue();
    assertThat(layout.mostConsumersHere()).isEqualTo(1);
    // Producers 0 and 2, of the other shard, send to destinations 0 and 2, read here.
    assertThat(layout.readsOtherShardsProducers()).isTrue();
    assertThat(new ShardLayout(WHOLE, Shard.whole(WHOLE)).readsOtherShardsProducers()).isFalse();
  }

  @Test
  void aShardWhoseConsumersReadOnlyItsOwnProducersReadsNoOtherShard() {
    // 2 destinations: shard 0 of 2 plays producer 0 and consumer 0 (destination 0); shard 1
    // producer 1 and consumer 1 (destination 1).
    Workload pairs =
        Workload.builder()
            .producers(2)
            .consumers(2)
            .destinations(Destinations.pattern("p-%d", 0, 1))
            .build();
    Shard.Part first = Shard.of(pairs, 0, 2);

    assertThat(new ShardLayout(first.workload(), first.shard()).readsOtherShardsProducers())
        .isFalse();
  }

  @Test
  void aDestinationBeyondTheConsumersIsConsumedByNone() {
    Workload oneConsumer = WHOLE.toBuilder().consumers(1).build();
    ShardLayout layout = new ShardLayout(oneConsumer, Shard.whole(oneConsumer));

    assertThat(IntStream.range(0, 3).mapToObj(layout::consumed))
        .containsExactly(true, false, false);
    assertThat(IntStream.range(0, 5).mapToObj(layout::producerConsumed))
        .containsExactly(true, false, false, true, false);
    assertThat(layout.consumedHere(1)).isFalse();
    assertThat(layout.consumedOnlyHere(1)).isFalse();
  }

  @Test
  void connectionTrafficProducersComeAfterTheWorkloadsOnePerShard() {
    Workload sending =
        WHOLE.toBuilder().connections(new Connections(4, 1, RateStep.UNLIMITED, 10)).build();
    Shard.Part second = Shard.of(sending, 1, 2);
    ShardLayout layout = new ShardLayout(second.workload(), second.shard());

    assertThat(layout.globalProducers()).isEqualTo(5 + 2);
    assertThat(layout.globalProducer(second.workload().producers())).isEqualTo(6);
    assertThat(new ShardLayout(WHOLE, Shard.whole(WHOLE)).globalProducers()).isEqualTo(5);
  }

  @Test
  void theCountsPerDestinationAreTheDealtOnes() {
    for (int destinations = 1; destinations <= 5; destinations++) {
      for (int total = 1; total <= 12; total++) {
        Workload w =
            Workload.builder()
                .producers(total)
                .consumers(total)
                .destinations(Destinations.pattern("q-%d", 1, destinations))
                .build();
        ShardLayout layout = new ShardLayout(w, Shard.whole(w));
        for (int d = 0; d < destinations; d++) {
          int destination = d;
          long dealt =
              IntStream.range(0, total)
                  .filter(i -> i % layout.destinations() == destination)
                  .count();
          assertThat(layout.consumersEverywhere(d)).isEqualTo(dealt);
          assertThat(layout.producersEverywhere(d)).isEqualTo(dealt);
          assertThat(layout.consumersHere(d)).isEqualTo(dealt);
          assertThat(layout.consumed(d)).isEqualTo(dealt > 0);
        }
      }
    }
  }
}
