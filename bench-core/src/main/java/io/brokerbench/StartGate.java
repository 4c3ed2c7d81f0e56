package io.brokerbench;

import io.brokerbench.spi.DriverException;
import java.time.Instant;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * What a run asks, once its producers and consumers are set up, for the instant it starts sending.
 * A fixed instant ({@link #at}) serves shards started together by hand; a coordinator the shards
 * dial answers once every shard is ready, so that no start instant has to be guessed ahead.
 *
 * <pre>{@code
 * BenchmarkRun run = BenchmarkRun.builder(workload).driver("loopback")
 *     .startGate(stopping -> coordinator.awaitStart(stopping))
 *     .build();
 * }</pre>
 *
 * <p>The run still starts on the first interval boundary at or after the instant, so that the
 * intervals of every shard line up.
 */
@FunctionalInterface
public interface StartGate {
  /**
   * Blocks until the start is known. Called once, on the thread that called {@link
   * BenchmarkRun#run()}.
   *
   * @param stopping true once the run was interrupted: a gate that waits must poll it and return
   *     (any instant) soon after it turns true
   * @return when sending starts, or null for the next interval boundary
   * @throws DriverException when the run must not start (the coordinator refused it or went away):
   *     the run then fails with this message
   * @throws InterruptedException when the waiting thread is interrupted
   */
  Instant awaitStart(BooleanSupplier stopping) throws DriverException, InterruptedException;

  /**
   * The shards of this run's workload on this run's host, once {@link #awaitStart} has returned:
   * the messages of their producers are timed on one clock, and a run of shards on several hosts
   * reports their end-to-end latency apart ({@code e2e_one_host}) as a check on the figures that
   * cross hosts. Null when not known, as for a fixed instant.
   */
  default Set<Integer> shardsOnThisHost() {
    return null;
  }

  /** A gate that opens at once with this instant (null: the next interval boundary). */
  static StartGate at(Instant start) {
    return stopping -> start;
  }
}
