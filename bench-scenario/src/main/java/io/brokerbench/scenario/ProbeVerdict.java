package io.brokerbench.scenario;

/**
 * Whether a probe's rate was sustained, and why not.
 *
 * @param pass true when every criterion held
 * @param reason what failed, or {@code ok}
 */
public record ProbeVerdict(boolean pass, String reason) {
  /** Every criterion held. */
  public static final ProbeVerdict PASS = new ProbeVerdict(true, "ok");

  /** A failed probe and why. */
  public static ProbeVerdict fail(String reason) {
    return new ProbeVerdict(false, reason);
  }
}
