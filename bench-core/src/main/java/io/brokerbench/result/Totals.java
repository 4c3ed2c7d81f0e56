package io.brokerbench.result;

/**
 * Counts and rates of the measured part of a run (after the warm-up) or of one rate step.
 *
 * @param sendSeconds from the start of the span until producers stopped (or the span ended)
 * @param receiveSeconds from the start of the span until the last message was received in it
 * @param counts what happened to messages
 * @param rates average rates
 * @param client CPU and memory the generator used
 */
public record Totals(
    double sendSeconds,
    double receiveSeconds,
    MessageCounts counts,
    Rates rates,
    ClientCost client) {

  /** Totals of these counts over these spans. */
  public static Totals of(
      MessageCounts counts,
      double sendSeconds,
      double receiveSeconds,
      long cpuNanos,
      long peakRssBytes) {
    return new Totals(
        sendSeconds,
        receiveSeconds,
        counts,
        Rates.of(counts, sendSeconds, receiveSeconds),
        ClientCost.of(cpuNanos, counts, peakRssBytes));
  }
}
