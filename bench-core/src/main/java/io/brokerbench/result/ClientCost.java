package io.brokerbench.result;

/**
 * What the generator itself cost.
 *
 * @param cpuSeconds client process CPU time (user + system)
 * @param cpuMicrosPerMessage client CPU per message moved (the larger of sent and received)
 * @param peakRssBytes largest resident set size sampled, or -1 if unknown
 */
public record ClientCost(double cpuSeconds, double cpuMicrosPerMessage, long peakRssBytes) {

  /** The cost of moving these counts with this much CPU. */
  public static ClientCost of(long cpuNanos, MessageCounts counts, long peakRssBytes) {
    long moved = Math.max(counts.sent(), counts.received());
    double cpuSeconds = Math.max(0, cpuNanos) / 1e9;
    return new ClientCost(cpuSeconds, moved > 0 ? cpuSeconds * 1e6 / moved : 0, peakRssBytes);
  }
}
