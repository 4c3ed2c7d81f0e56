package io.brokerbench.result;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One step of a {@code --rate-steps} sweep: its own counts, rates and latency percentiles, computed
 * from the step's own histograms (never by averaging intervals' percentiles). Warm-up intervals are
 * left out, as from the run's totals.
 *
 * @param index 0-based step number
 * @param targetPerSecond the step's target total rate, msg/s; 0 for unlimited
 * @param startSeconds step start, seconds since sending started
 * @param endSeconds step end
 * @param totals the step's counts, rates and client cost
 * @param latency latency summaries by {@link io.brokerbench.latency.LatencyKind#key()}, with their
 *     histograms
 */
public record StepResult(
    int index,
    double targetPerSecond,
    double startSeconds,
    double endSeconds,
    Totals totals,
    Map<String, LatencySummary> latency) {

  /** Copies the map. */
  public StepResult {
    latency = Collections.unmodifiableMap(new LinkedHashMap<>(latency));
  }
}
