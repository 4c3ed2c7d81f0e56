package io.brokerbench.workload;

import java.util.Set;

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
 * @param index which shard this is, from 0 (0 for a whole run)
 * @param count how many shards the workload has (1 for a whole run)
 */
public record Shard(
    int firstProducer,
    int totalProducers,
    int firstConsumer,
    int totalConsumers,
    int index,
    int count) {

  /** Validates the ranges' starts and totals. */
  public Shard {
    if (firstProducer < 0 || firstConsumer < 0 || totalProducers < 0 || totalConsumers < 0) {
      throw new WorkloadException("shard indexes and totals must be >= 0");
    }
    // A result written before shards had an index and count reads as 0 of 0.
    count = Math.max(count, 1);
    if (index < 0 || index >= count) {
      throw new WorkloadException("shard " + index + "/" + count + " does not exist");
    }
  }

  /** Shard 0 of 1 with these ranges. */
  public Shard(int firstProducer, int totalProducers, int firstConsumer, int totalConsumers) {
    this(firstProducer, totalProducers, firstConsumer, totalConsumers, 0, 1);
  }

  /**
   * True when the run may delete the queues and topics it declared once it ends: a whole run may,
   * one shard of several may not, since the other shards may still be sending to or receiving from
   * them (CI saw the first shard to end delete the queue all four consumed from, and the others'
   * consumers cancelled). A shard leaves them to the broker (classic queues are auto-delete by
   * default) or to the user.
   */
  public boolean deletesWhatItDeclared() {
    return count == 1;
  }

  /**
   * The producers the whole workload's held connections play, one per shard: each shard's
   * connection traffic ({@link Connections#sendRate()}) is one producer, after the workload's own.
   */
  public int trafficProducers(Workload w) {
    return w.connections().sendRate() > 0 ? count : 0;
  }

  /**
   * Marks, by global index, the producers the shards {@code shards} of this workload play, their
   * connection traffic producers included (the array is as long as the workload's producers and
   * traffic producers: {@code globalProducers}).
   */
  public boolean[] producersOf(Set<Integer> shards, int globalProducers) {
    boolean[] marked = new boolean[globalProducers];
    for (int shard : shards) {
      int first = first(totalProducers, shard, count);
      for (int p = first; p < first + share(totalProducers, shard, count); p++) {
        marked[p] = true;
      }
      if (totalProducers + shard < globalProducers) {
        marked[totalProducers + shard] = true;
      }
    }
    return marked;
  }

  /** The global index of this shard's connection traffic producer. */
  public int trafficProducer() {
    return totalProducers + index;
  }

  /**
   * One shard's part of a workload split {@code count} ways: its own workload and where it sits in
   * the whole. Producers and consumers are divided as evenly as they go, the first shards taking
   * one more when they do not divide; each shard's rate is the total rate times its share of the
   * producers, and so is its share of a backlog (each shard's producers build their part and its
   * consumers start once that is queued); message counts per producer stay as they are.
   *
   * @param index 0-based shard number (Kubernetes' {@code JOB_COMPLETION_INDEX})
   * @throws WorkloadException when the index is out of range, the shard would have no producer and
   *     no consumer, or a backlog shard would lack either
   */
  public static Part of(Workload whole, int index, int count) {
    if (count < 1 || index < 0 || index >= count) {
      throw new WorkloadException(
          "shard " + index + "/" + count + " does not exist: give I/N with 0 <= I < N");
    }
    int producers = share(whole.producers(), index, count);
    int consumers = share(whole.consumers(), index, count);
    Connections connections = whole.connections();
    int connectionShare = share(connections.count(), index, count);
    if (producers + consumers + connectionShare == 0) {
      throw new WorkloadException(
          "shard "
              + index
              + "/"
              + count
              + " would have no producer and no consumer: the workload has "
              + whole.producers()
              + " producers and "
              + whole.consumers()
              + " consumers for "
              + count
              + " shards");
    }
    Backlog backlog = whole.backlog();
    if (backlog.enabled() && count > 1) {
      if (producers == 0 || consumers == 0) {
        throw new WorkloadException(
            "a backlog split over "
                + count
                + " shards needs producers and consumers in every shard (each builds its share"
                + " and starts its consumers once that is queued): give at least "
                + count
                + " of each");
      }
      int first = first(whole.producers(), index, count);
      long messages = backlog.messages();
      backlog =
          new Backlog(
              messages * (first + producers) / whole.producers()
                  - messages * first / whole.producers(),
              backlog.producersStop());
    }
    double rateShare = whole.producers() == 0 ? 1 : (double) producers / whole.producers();
    Workload part =
        whole.toBuilder()
            .producers(producers)
            .consumers(consumers)
            .rate(whole.rate().scaled(rateShare))
            .connections(connections.share(connectionShare))
            .backlog(backlog)
            .build();
    return new Part(
        part,
        new Shard(
            first(whole.producers(), index, count),
            whole.producers(),
            first(whole.consumers(), index, count),
            whole.consumers(),
            index,
            count));
  }

  /**
   * How many of the workload's {@code total} producers (or consumers) shard {@code index} of {@code
   * count} plays, as {@link #of} splits them.
   */
  public static int share(int total, int index, int count) {
    return total / count + (index < total % count ? 1 : 0);
  }

  private static int first(int total, int index, int count) {
    return index * (total / count) + Math.min(index, total % count);
  }

  /**
   * A shard's own workload and its place in the whole.
   *
   * @param workload what this shard runs
   * @param shard where its producers and consumers sit in the whole workload
   */
  public record Part(Workload workload, Shard shard) {}

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
}
