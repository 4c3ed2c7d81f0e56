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
 * @param verdict {@value #PASSED}, {@value #FAILED} or, for a threshold checked on several runs
 *     whose median's confidence interval straddles the bound, {@value #INCONCLUSIVE} (not passed);
 *     null in results written before verdicts were
 */
public record ThresholdOutcome(
    String threshold,
    String metric,
    Double measured,
    double bound,
    boolean passed,
    String message,
    String verdict) {

  /** The verdict of a threshold that holds. */
  public static final String PASSED = "passed";

  /** The verdict of a threshold that does not hold, or was not measured. */
  public static final String FAILED = "failed";

  /** The verdict of a threshold the runs cannot decide: neither held nor failed beyond noise. */
  public static final String INCONCLUSIVE = "inconclusive";

  /** True when the runs could not decide the threshold. */
  public boolean inconclusive() {
    return INCONCLUSIVE.equals(verdict);
  }
}
