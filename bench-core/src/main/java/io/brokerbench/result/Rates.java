package io.brokerbench.result;

/**
 * Average rates over a span, in messages per second.
 *
 * @param sentPerSecond messages sent per second of sending
 * @param confirmedPerSecond messages confirmed per second of sending
 * @param receivedPerSecond messages received per second of receiving
 */
public record Rates(double sentPerSecond, double confirmedPerSecond, double receivedPerSecond) {

  /**
   * The rates of these counts.
   *
   * @param sendSeconds how long producers sent
   * @param receiveSeconds how long consumers received
   */
  public static Rates of(MessageCounts counts, double sendSeconds, double receiveSeconds) {
    return new Rates(
        perSecond(counts.sent(), sendSeconds),
        perSecond(counts.confirmed(), sendSeconds),
        perSecond(counts.received(), receiveSeconds));
  }

  private static double perSecond(long count, double seconds) {
    return seconds > 0 ? count / seconds : 0;
  }
}
