package io.brokerbench.internal.phase;

import io.brokerbench.integrity.SequenceTracker;
import io.brokerbench.internal.BoundedWait;
import io.brokerbench.internal.Participants;
import io.brokerbench.internal.send.ProducerTask;
import io.brokerbench.result.IntegrityCounts;
import io.brokerbench.result.ProducerIntegrity;
import io.brokerbench.result.Warning;
import io.brokerbench.spi.DriverException;
import io.brokerbench.workload.ShardLayout;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Whether the messages missing at the end of a run are lost: what this run's consumers saw of each
 * producer against what its producers had accepted, with the messages the broker still holds told
 * apart from lost ones. Called once, on the runner thread, after the drain.
 *
 * <p>Usage:
 *
 * <pre>{@code
 * LossCheck.Outcome loss =
 *     new LossCheck(layout, participants, trackers, driver::messagesWaiting, LossCheck.DEPTH_BOUND)
 *         .check(control.failure() != null);
 * }</pre>
 */
public final class LossCheck {
  /**
   * How long the broker may take to tell its depth: a frozen broker does not answer, and the
   * results must still come out, within a signal's grace too.
   */
  public static final Duration DEPTH_BOUND = Duration.ofSeconds(5);

  /** Asks the broker how many messages a destination holds. */
  public interface Depth {
    /**
     * The messages waiting in {@code destination}, or -1 when the broker cannot be asked.
     *
     * @throws DriverException when asking failed
     */
    long messagesWaiting(String destination) throws DriverException;
  }

  /**
   * What the check found.
   *
   * @param byProducer what this run's consumers saw of each producer, and what its own producers
   *     had accepted
   * @param integrity the counts over them, still-queued messages told apart from lost ones
   * @param depthUnknown the {@link Warning#DEPTH_UNKNOWN} warning when the broker could not say its
   *     depth, or null
   */
  public record Outcome(
      List<ProducerIntegrity> byProducer, IntegrityCounts integrity, Warning depthUnknown) {}

  private final ShardLayout layout;
  private final Participants participants;
  private final SequenceTracker[] trackers;
  private final Depth depth;
  private final Duration depthBound;

  /**
   * @param trackers what this run's consumers received, by global producer
   * @param depth asks the broker for a destination's depth
   * @param depthBound how long to wait for the broker's answers: {@link #DEPTH_BOUND}, but for
   *     tests
   */
  public LossCheck(
      ShardLayout layout,
      Participants participants,
      SequenceTracker[] trackers,
      Depth depth,
      Duration depthBound) {
    this.layout = layout;
    this.participants = participants;
    this.trackers = trackers;
    this.depth = depth;
    this.depthBound = depthBound;
  }

  /**
   * Counts what arrived of each producer. When messages are missing and the run did not fail, asks
   * the broker for the depth of each destination this run's consumers read, for the depth bound at
   * most.
   *
   * @param runFailed the run failed: its broker is not asked
   */
  public Outcome check(boolean runFailed) {
    List<ProducerIntegrity> byProducer = integrityByProducer();
    IntegrityCounts integrity =
        IntegrityCounts.of(
            byProducer, participants.foreign(), p -> layout.consumedOnlyHere(p.producer()));
    if (integrity.lost() == 0 || runFailed) {
      return new Outcome(byProducer, integrity, null);
    }
    DepthQuery query = new DepthQuery();
    String failure =
        BoundedWait.run("depth", query, depthBound.toMillis())
            ? query.failure
            : "the broker did not answer within " + seconds(depthBound) + " s";
    if (failure != null) {
      // The count is a refinement: without it, missing messages stay counted as lost, and the
      // result says they may not be.
      Warning depthUnknown =
          new Warning(
              Warning.DEPTH_UNKNOWN,
              "DEPTH_UNKNOWN: the "
                  + integrity.lost()
                  + " message(s) counted as lost may still be in the broker: asking it how many"
                  + " messages "
                  + query.asking
                  + " holds failed ("
                  + failure
                  + ")");
      return new Outcome(byProducer, integrity, depthUnknown);
    }
    return new Outcome(
        byProducer, query.waiting < 0 ? integrity : integrity.withStillQueued(query.waiting), null);
  }

  /** Whole seconds without a fraction ("5"), others with theirs ("0.05"). */
  private static String seconds(Duration duration) {
    return BigDecimal.valueOf(duration.toMillis(), 3).stripTrailingZeros().toPlainString();
  }

  /** What this run's consumers saw of each producer, and what its own producers had accepted. */
  private List<ProducerIntegrity> integrityByProducer() {
    Map<Integer, Long> accepted = new HashMap<>();
    List<ProducerTask> producers = participants.producers();
    for (int i = 0; i < producers.size(); i++) {
      int global = layout.globalProducer(i);
      accepted.put(global, producers.get(i).expected(trackers[global]));
    }
    List<ProducerIntegrity> entries = new ArrayList<>();
    for (int p = 0; p < trackers.length; p++) {
      SequenceTracker t = trackers[p];
      if (t == null && !accepted.containsKey(p)) {
        continue;
      }
      entries.add(
          new ProducerIntegrity(
              p,
              accepted.getOrDefault(p, 0L),
              layout.producerConsumed(p),
              t == null ? 0 : t.unique(),
              t == null ? 0 : t.duplicates(),
              t == null ? 0 : t.redelivered(),
              t == null ? 0 : t.outOfOrder()));
    }
    return entries;
  }

  /** Asks for the depth of each destination this run's consumers read, in turn. */
  private final class DepthQuery implements Runnable {
    private volatile String asking;
    private volatile String failure;

    /** The messages waiting in all of them, -1 when the broker cannot be asked. */
    private volatile long waiting;

    @Override
    public void run() {
      long total = 0;
      for (int d = 0; d < layout.destinations(); d++) {
        if (layout.consumersHere(d) == 0) {
          continue;
        }
        asking = layout.name(d);
        try {
          long messages = depth.messagesWaiting(asking);
          if (messages < 0) {
            waiting = -1;
            return;
          }
          total += messages;
        } catch (DriverException | RuntimeException e) {
          failure = String.valueOf(e.getMessage());
          return;
        }
      }
      waiting = total;
    }
  }
}
