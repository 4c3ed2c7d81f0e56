package io.brokerbench.workload;

/**
 * The part of a larger workload one run plays: its producers are the workload's producers {@code
 * firstProducer .. firstProducer + producers - 1} and its consumers likewise, so producer ids are
 * global (the run's id base plus the global index) and destinations are chosen by global index.
 * Several runs, in one process or many, each with its own shard of the same workload, together do
 * what one run of the whole workload does, and their results merge exactly.
 *
 * <pre>{@code
 * // two processes, each running half of 4 producers and 2 consumers:
 * Shard first = new Shard(0, 4, 0, 2);   // with a workload of 2 producers and 1 consumer
 * Shard second = new Shard(2, 4, 1, 2);  // likewise
 * }</pre>
 *
 * @param firstProducer global index of this run's first producer
 * @param totalProducers producers of the whole workload, over all shards
 * @param firstConsumer global index of this run's first consumer
 * @param totalConsumers consumers of the whole workload, over all shards
 */
public record Shard(int firstProducer, int totalProducers, int firstConsumer, int totalConsumers) {

  /** Validates the ranges' starts and totals. */
  public Shard {
    if (firstProducer < 0 || firstConsumer < 0 || totalProducers < 0 || totalConsumers < 0) {
      throw new WorkloadException("shard indexes and totals must be >= 0");
    }
  }

  /** The whole workload: one run plays every producer and consumer. */
  public static Shard whole(Workload workload) {
    return new Shard(0, workload.producers(), 0, workload.consumers());
  }

  /**
   * Checks the workload's producers and consumers fit in this shard's ranges.
   *
   * @throws WorkloadException when they do not
   */
  public void check(Workload workload) {
    if (firstProducer + workload.producers() > totalProducers
        || firstConsumer + workload.consumers() > totalConsumers) {
      throw new WorkloadException(
          "the shard's producers "
              + firstProducer
              + ".."
              + (firstProducer + workload.producers() - 1)
              + " or consumers "
              + firstConsumer
              + ".."
              + (firstConsumer + workload.consumers() - 1)
              + " exceed the workload's "
              + totalProducers
              + " producers and "
              + totalConsumers
              + " consumers");
    }
  }

  /** True when the whole workload has a consumer reading destination {@code index} of {@code w}. */
  public boolean destinationConsumed(Workload w, int destinationIndex) {
    return destinationIndex < Math.min(totalConsumers, w.destinations().count());
  }
}
