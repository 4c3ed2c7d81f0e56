package io.brokerbench.scenario;

import java.util.List;

/**
 * The outcome of a {@link MaxRateSearch}.
 *
 * @param ratePerSecond the highest target rate that passed, confirmed by a second probe when {@link
 *     #confirmed}; 0 when none passed
 * @param confirmed true when that rate passed again when re-measured
 * @param failedAbovePerSecond the lowest target rate that failed, the bracket's upper end; 0 when
 *     none failed
 * @param failedRates every target rate that failed, ascending
 * @param stop why the search stopped
 * @param probes every probe, in order
 */
public record MaxRateResult(
    double ratePerSecond,
    boolean confirmed,
    double failedAbovePerSecond,
    List<Double> failedRates,
    String stop,
    List<Probe> probes) {

  /** Copies the lists. */
  public MaxRateResult {
    failedRates = List.copyOf(failedRates);
    probes = List.copyOf(probes);
  }

  /**
   * One probe of the search.
   *
   * @param index 0-based
   * @param phase {@code grow}, {@code descend}, {@code bisect} or {@code confirm}
   * @param measurement what it measured
   * @param verdict pass or fail, and why
   */
  public record Probe(
      int index, String phase, ProbeMeasurement measurement, ProbeVerdict verdict) {}
}
