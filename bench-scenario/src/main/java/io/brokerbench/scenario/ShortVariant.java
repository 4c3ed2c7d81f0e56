package io.brokerbench.scenario;

import static io.brokerbench.workload.WorkloadOption.COUNT;
import static io.brokerbench.workload.WorkloadOption.DURATION;
import static io.brokerbench.workload.WorkloadOption.PMESSAGES;
import static io.brokerbench.workload.WorkloadOption.RATE_STEPS;
import static io.brokerbench.workload.WorkloadOption.STEP_DURATION;
import static io.brokerbench.workload.WorkloadOption.WARMUP;

import io.brokerbench.workload.WorkloadSpec;
import java.time.Duration;

/**
 * Scales a cell's workload down to a few seconds, so that CI can run every seed scenario: what a
 * cell measures stays (sizes, producers, queues, rates, the steps of a sweep), only its length
 * shrinks. A file's {@code short:} settings replace this scaling.
 */
final class ShortVariant {
  /** Longest sending time of a short cell that runs for a time. */
  static final Duration DURATION_CAP = Duration.ofSeconds(3);

  /** Longest step of a short rate sweep. */
  static final Duration STEP_CAP = Duration.ofSeconds(2);

  /** Longest warm-up of a short cell. */
  static final Duration WARMUP_CAP = Duration.ofSeconds(1);

  /** Most messages of a short cell that runs for a count (in total, or per producer). */
  static final long COUNT_CAP = 20_000;

  private ShortVariant() {}

  /** The spec with its length capped. */
  static WorkloadSpec scale(WorkloadSpec spec) {
    WorkloadSpec scaled = spec;
    if (spec.isSet(RATE_STEPS)) {
      scaled = scaled.with(STEP_DURATION, min(spec.valueOrDefault(STEP_DURATION), STEP_CAP));
    }
    boolean endsOnItsOwn = spec.isSet(RATE_STEPS) || spec.isSet(COUNT) || spec.isSet(PMESSAGES);
    if (spec.isSet(DURATION) || !endsOnItsOwn) {
      // Without a duration, a count or steps, a cell would run the default 10 s.
      scaled = scaled.with(DURATION, min(spec.valueOrDefault(DURATION), DURATION_CAP));
    }
    if (spec.isSet(COUNT)) {
      scaled = scaled.with(COUNT, Math.min(spec.valueOrDefault(COUNT), COUNT_CAP));
    }
    if (spec.isSet(PMESSAGES)) {
      scaled = scaled.with(PMESSAGES, Math.min(spec.valueOrDefault(PMESSAGES), COUNT_CAP));
    }
    if (spec.isSet(WARMUP)) {
      // Unset, the short cell's own length decides (none below 10 s of sending).
      scaled = scaled.with(WARMUP, min(spec.valueOrDefault(WARMUP), WARMUP_CAP));
    }
    return scaled;
  }

  private static Duration min(Duration a, Duration b) {
    return a.compareTo(b) <= 0 ? a : b;
  }
}
