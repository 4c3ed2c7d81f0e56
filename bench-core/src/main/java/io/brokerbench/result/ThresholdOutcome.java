package io.brokerbench.result;

/**
 * A threshold checked on a result.
 *
 * @param threshold the threshold as written
 * @param metric the metric's name
 * @param measured the measured value in the metric's base unit, or null when the run did not
 *     measure it
 * @param bound the bound it was compared with, in the same unit
 * @param passed true when the threshold holds
 * @param message one line for people, such as {@code FAILED: e2e.p99 < 5ms (measured 7.31 ms)}
 */
public record ThresholdOutcome(
    String threshold,
    String metric,
    Double measured,
    double bound,
    boolean passed,
    String message) {}
