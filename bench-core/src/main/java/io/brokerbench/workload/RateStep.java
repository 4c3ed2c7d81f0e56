package io.brokerbench.workload;

import java.time.Duration;

/**
 * One step of a rate profile.
 *
 * @param messagesPerSecond the total target rate over all producers, or {@link #UNLIMITED}
 * @param duration how long the step lasts; null for the last step, which lasts until the run ends
 */
public record RateStep(double messagesPerSecond, Duration duration) {
  /** Marker rate: send as fast as the in-flight window and the driver allow. */
  public static final double UNLIMITED = Double.POSITIVE_INFINITY;

  /** Validates the rate and duration. */
  public RateStep {
    if (!(messagesPerSecond > 0)) {
      throw new WorkloadException(
          "rate must be > 0 msg/s (got "
              + messagesPerSecond
              + "); leave the rate out for an unlimited rate");
    }
    if (duration != null && (duration.isNegative() || duration.isZero())) {
      throw new WorkloadException("rate step duration must be > 0 (got " + duration + ")");
    }
  }

  /** True when this step has no rate limit. */
  public boolean unlimited() {
    return Double.isInfinite(messagesPerSecond);
  }
}
