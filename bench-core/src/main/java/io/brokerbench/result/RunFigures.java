package io.brokerbench.result;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a run measured of the messages it sent and received: part of {@link RunResult}, written
 * unwrapped into result.json.
 *
 * @param totals counts and rates after the warm-up
 * @param latency latency summaries after the warm-up, by {@link
 *     io.brokerbench.latency.LatencyKind#key()}, each with its histogram; kinds with no values are
 *     absent
 * @param integrity lost, duplicated and reordered messages (over the whole run, warm-up included)
 * @param integrityByProducer the same per producer, for merging results of shards
 * @param steps per-step results of a {@code --rate-steps} sweep (one step otherwise)
 * @param intervals the per-interval series
 */
public record RunFigures(
    Totals totals,
    Map<String, LatencySummary> latency,
    IntegrityCounts integrity,
    List<ProducerIntegrity> integrityByProducer,
    List<StepResult> steps,
    List<IntervalSample> intervals) {

  /** The figures of a run that failed or was stopped before it sent anything. */
  public static final RunFigures NONE =
      new RunFigures(
          Totals.of(MessageCounts.ZERO, 0, 0, 0, -1),
          Map.of(),
          IntegrityCounts.NONE,
          List.of(),
          List.of(),
          List.of());

  /** Copies the collections. */
  public RunFigures {
    latency = Collections.unmodifiableMap(new LinkedHashMap<>(latency));
    integrityByProducer = List.copyOf(integrityByProducer);
    steps = List.copyOf(steps);
    intervals = List.copyOf(intervals);
  }
}
