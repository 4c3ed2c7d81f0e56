package io.brokerbench.workload;

import java.time.Duration;
import java.util.List;

/**
 * The target send rate over time: unlimited, fixed, or in steps (for a rate-attempted versus
 * latency sweep). Rates are totals over all producers; each producer takes an equal share.
 *
 * @param steps at least one step; every step but the last has a duration
 */
public record RateProfile(List<RateStep> steps) {

  /** Validates the steps. */
  public RateProfile {
    steps = List.copyOf(steps);
    if (steps.isEmpty()) {
      throw new WorkloadException("a rate profile needs at least one step");
    }
    for (int i = 0; i < steps.size() - 1; i++) {
      if (steps.get(i).duration() == null) {
        throw new WorkloadException("every rate step but the last needs a duration");
      }
    }
  }

  /** No rate limit. */
  public static RateProfile unlimited() {
    return new RateProfile(List.of(new RateStep(RateStep.UNLIMITED, null)));
  }

  /** A fixed total rate in messages per second. */
  public static RateProfile fixed(double messagesPerSecond) {
    return new RateProfile(List.of(new RateStep(messagesPerSecond, null)));
  }

  /**
   * Rates that change in steps of equal length: {@code stepped(Duration.ofSeconds(10), 1000, 2000,
   * 4000)}.
   */
  public static RateProfile stepped(Duration stepDuration, double... messagesPerSecond) {
    if (messagesPerSecond.length == 0) {
      throw new WorkloadException("a stepped rate needs at least one rate");
    }
    RateStep[] steps = new RateStep[messagesPerSecond.length];
    for (int i = 0; i < steps.length; i++) {
      steps[i] = new RateStep(messagesPerSecond[i], stepDuration);
    }
    return new RateProfile(List.of(steps));
  }

  /**
   * The index of the step in force {@code sinceStart} after sending started; the last step for any
   * time after all steps' durations.
   */
  public int stepAt(Duration sinceStart) {
    Duration end = Duration.ZERO;
    for (int i = 0; i < steps.size() - 1; i++) {
      end = end.plus(steps.get(i).duration());
      if (sinceStart.compareTo(end) < 0) {
        return i;
      }
    }
    return steps.size() - 1;
  }

  /** When step {@code index} starts, measured from the start of sending. */
  public Duration stepStart(int index) {
    Duration start = Duration.ZERO;
    for (int i = 0; i < index; i++) {
      start = start.plus(steps.get(i).duration());
    }
    return start;
  }

  /** The same steps at {@code factor} times their rates (a shard's share of a total rate). */
  public RateProfile scaled(double factor) {
    return new RateProfile(
        steps.stream()
            .map(
                s -> s.unlimited() ? s : new RateStep(s.messagesPerSecond() * factor, s.duration()))
            .toList());
  }

  /** True when no step limits the rate. */
  public boolean unlimitedThroughout() {
    return steps.stream().allMatch(RateStep::unlimited);
  }

  /** The sum of the step durations, or null when the last step is open-ended. */
  public Duration totalDuration() {
    Duration total = Duration.ZERO;
    for (RateStep step : steps) {
      if (step.duration() == null) {
        return null;
      }
      total = total.plus(step.duration());
    }
    return total;
  }
}
