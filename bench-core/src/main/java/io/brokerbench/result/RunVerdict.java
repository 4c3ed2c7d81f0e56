package io.brokerbench.result;

import java.util.List;

/**
 * What a reader must know before trusting a run's figures, and whether they met its criteria: part
 * of {@link RunResult}, written unwrapped into result.json.
 *
 * @param warnings things the reader must know (loss, embedded broker, stamp in headers)
 * @param thresholds the run's pass/fail criteria checked on the result ({@code --assert})
 */
public record RunVerdict(List<Warning> warnings, List<ThresholdOutcome> thresholds) {

  /** Copies the lists. */
  public RunVerdict {
    warnings = List.copyOf(warnings);
    thresholds = List.copyOf(thresholds);
  }

  /** These warnings, no threshold checked yet. */
  public static RunVerdict of(List<Warning> warnings) {
    return new RunVerdict(warnings, List.of());
  }

  /** This verdict with these threshold outcomes. */
  public RunVerdict withThresholds(List<ThresholdOutcome> outcomes) {
    return new RunVerdict(warnings, outcomes);
  }
}
