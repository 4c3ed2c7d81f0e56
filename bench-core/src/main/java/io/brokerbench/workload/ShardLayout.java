package io.brokerbench.workload;

import java.util.List;

/**
 * Which destination each producer and consumer of a workload uses, and how many of them one shard
 * plays: producers and consumers are dealt round the destinations by global index, producer {@code
 * p} to destination {@code p % count} and consumer {@code c} to {@code c % count}, so every shard
 * of one workload agrees on where everything goes. The connection traffic producers take the global
 * indexes after the workload's producers ({@link Shard#trafficProducer()}).
 *
 * <pre>{@code
 * // 3 destinations, 5 producers, 4 consumers; this shard plays consumers 2 and 3
 * ShardLayout layout = new ShardLayout(workload, new Shard(0, 5, 2, 4));
 * layout.producerDestination(4);   // 1
 * layout.consumersEverywhere(0);   // 2: consumers 0 and 3
 * layout.consumersHere(0);         // 1: consumer 3
 * layout.consumedOnlyHere(2);      // true: consumer 2 is destination 2's only one
 * layout.consumedOnlyHere(0);      // false: consumer 0, of another shard, reads destination 0 too
 * }</pre>
 */
public final class ShardLayout {
  private final Shard shard;
  private final int ownProducers;
  private final int globalProducers;
  private final List<String> names;
  private final int[] consumersHere;

  /** The layout of {@code shard}, which plays {@code workload}'s producers and consumers. */
  public ShardLayout(Workload workload, Shard shard) {
    this.shard = shard;
    this.ownProducers = workload.producers();
    this.globalProducers = shard.totalProducers() + shard.trafficProducers(workload);
    this.names = workload.destinations().names();
    this.consumersHere = new int[names.size()];
    for (int local = 0; local < workload.consumers(); local++) {
      consumersHere[consumerDestination(globalConsumer(local))]++;
    }
  }

  /** How many destinations there are. */
  public int destinations() {
    return names.size();
  }

  /** The name of destination {@code destination}. */
  public String name(int destination) {
    return names.get(destination);
  }

  /**
   * The producers of the whole workload, over all shards, its connection traffic producers
   * included: global producer indexes run from 0 to this, exclusive.
   */
  public int globalProducers() {
    return globalProducers;
  }

  /**
   * The global index of this shard's producer {@code local}: the workload's producers first, then
   * the shard's connection traffic producer.
   */
  public int globalProducer(int local) {
    return local < ownProducers ? shard.firstProducer() + local : shard.trafficProducer();
  }

  /** The global index of this shard's consumer {@code local}. */
  public int globalConsumer(int local) {
    return shard.firstConsumer() + local;
  }

  /** The destination global producer {@code producer} sends to. */
  public int producerDestination(int producer) {
    return producer % names.size();
  }

  /** The destination global consumer {@code consumer} receives from. */
  public int consumerDestination(int consumer) {
    return consumer % names.size();
  }

  /** How many of the whole workload's consumers, over all shards, read {@code destination}. */
  public int consumersEverywhere(int destination) {
    return dealt(shard.totalConsumers(), destination);
  }

  /**
   * How many of the whole workload's producers, over all shards, send to {@code destination} (its
   * connection traffic producers not counted).
   */
  public int producersEverywhere(int destination) {
    return dealt(shard.totalProducers(), destination);
  }

  /** How many of this shard's consumers read {@code destination}. */
  public int consumersHere(int destination) {
    return consumersHere[destination];
  }

  /** The most consumers of this shard that read one destination. */
  public int mostConsumersHere() {
    int most = 0;
    for (int n : consumersHere) {
      most = Math.max(most, n);
    }
    return most;
  }

  /** True when some consumer of the whole workload, in any shard, reads {@code destination}. */
  public boolean consumed(int destination) {
    return consumersEverywhere(destination) > 0;
  }

  /**
   * True when some consumer of the whole workload reads what global producer {@code producer}
   * sends.
   */
  public boolean producerConsumed(int producer) {
    return consumed(producerDestination(producer));
  }

  /** True when one of this shard's consumers reads what global producer {@code producer} sends. */
  public boolean consumedHere(int producer) {
    return consumersHere[producerDestination(producer)] > 0;
  }

  /**
   * True when every consumer of the whole workload that reads what global producer {@code producer}
   * sends is one of this shard's: only then does this shard see all of that producer's messages,
   * and can wait for them and count the missing ones as lost. Otherwise the merge of the shards
   * does.
   */
  public boolean consumedOnlyHere(int producer) {
    int destination = producerDestination(producer);
    int here = consumersHere[destination];
    return here > 0 && here == consumersEverywhere(destination);
  }

  /**
   * True when one of this shard's consumers reads a destination that a producer of another shard
   * sends to: this shard then receives messages whose number only the other shard knows.
   */
  public boolean readsOtherShardsProducers() {
    int first = shard.firstProducer();
    for (int producer = 0; producer < shard.totalProducers(); producer++) {
      boolean playedHere = producer >= first && producer < first + ownProducers;
      if (!playedHere && consumedHere(producer)) {
        return true;
      }
    }
    return false;
  }

  /** How many of {@code total} producers or consumers, dealt round the destinations, get one. */
  private int dealt(int total, int destination) {
    return destination < total ? (total - 1 - destination) / names.size() + 1 : 0;
  }
}
