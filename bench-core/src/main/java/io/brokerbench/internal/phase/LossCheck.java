package io.brokerbench.internal.phase;

import io.brokerbench.integrity.SequenceTracker;
import io.brokerbench.internal.Participants;
import io.brokerbench.internal.send.ProducerTask;
import io.brokerbench.result.IntegrityCounts;
import io.brokerbench.result.ProducerIntegrity;
import io.brokerbench.result.Warning;
import io.brokerbench.workload.ShardLayout;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Whether the messages missing at the end of a run are lost: what this run's consumers saw of each
 * producer against what its producers had accepted, with the messages the broker still holds told
 * apart from lost ones. Called on the runner thread after the drain.
 *
 * <p>Usage:
 *
 * <pre>{@code
 * LossCheck lossCheck = new LossCheck(layout, participants, trackers, depth);
 * lossCheck.askDepthIfMissing(control.failure() != null);   // before the consumers close
 * LossCheck.Outcome loss = lossCheck.check();
 * }</pre>
 */
public final class LossCheck {
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
  private final DestinationDepth depth;
  private DestinationDepth.Answer answer;

  /**
   * @param trackers what this run's consumers received, by global producer
   * @param depth asks the broker how many messages its destinations still hold
   */
  public LossCheck(
      ShardLayout layout,
      Participants participants,
      SequenceTracker[] trackers,
      DestinationDepth depth) {
    this.layout = layout;
    this.participants = participants;
    this.trackers = trackers;
    this.depth = depth;
  }

  /**
   * Asks the broker how many messages its destinations hold, for the depth bound at most, when
   * messages are missing now and the run did not fail. Called before the consumers close: closing
   * them may take what the broker holds with them (an auto-delete queue goes with its last
   * consumer).
   *
   * @param runFailed the run failed: its broker is not asked
   */
  public void askDepthIfMissing(boolean runFailed) {
    if (!runFailed && integrity(integrityByProducer()).lost() > 0) {
      answer = depth.ask();
    }
  }

  /**
   * Counts what arrived of each producer; messages still missing are told apart by the broker's
   * depth, when {@link #askDepthIfMissing} asked for it.
   */
  public Outcome check() {
    List<ProducerIntegrity> byProducer = integrityByProducer();
    IntegrityCounts integrity = integrity(byProducer);
    if (integrity.lost() == 0 || answer == null) {
      return new Outcome(byProducer, integrity, null);
    }
    if (answer.failure() != null) {
      // The count is a refinement: without it, missing messages stay counted as lost, and the
      // result says they may not be.
      Warning depthUnknown =
          new Warning(
              Warning.DEPTH_UNKNOWN,
              "DEPTH_UNKNOWN: the "
                  + integrity.lost()
                  + " message(s) counted as lost may still be in the broker: asking it how many"
                  + " messages "
                  + answer.asking()
                  + " holds failed ("
                  + answer.failure()
                  + ")");
      return new Outcome(byProducer, integrity, depthUnknown);
    }
    return new Outcome(
        byProducer,
        answer.waiting() < 0 ? integrity : integrity.withStillQueued(answer.waiting()),
        null);
  }

  private IntegrityCounts integrity(List<ProducerIntegrity> byProducer) {
    return IntegrityCounts.of(
        byProducer, participants.foreign(), p -> layout.consumedOnlyHere(p.producer()));
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
}
