package io.brokerbench.result;

import io.brokerbench.latency.LatencyKind;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Whether end-to-end latencies of shards on several hosts can be trusted: a message stamped by one
 * host's clock and received by another's is off by the difference of the two clocks, which the
 * kernels bound by their maximum errors. Shards on one host share one clock and need no warning.
 */
final class ClockUncertainty {
  private ClockUncertainty() {}

  /**
   * The warning the shards' clocks call for, if any.
   *
   * @param shards the shards' summaries
   * @param latency the merged latencies by kind key
   */
  static Optional<Warning> of(List<ShardSummary> shards, Map<String, LatencySummary> latency) {
    Map<String, ClockStatus> clockByHost =
        shards.stream()
            .collect(
                Collectors.toMap(
                    ShardSummary::host,
                    ShardSummary::clock,
                    ClockUncertainty::worse,
                    TreeMap::new));
    LatencySummary e2e = latency.get(LatencyKind.END_TO_END_FROM_SEND.key());
    if (clockByHost.size() < 2 || e2e == null) {
      return Optional.empty();
    }
    List<String> unbounded =
        clockByHost.entrySet().stream()
            .filter(e -> !e.getValue().bounded())
            .map(Map.Entry::getKey)
            .toList();
    if (!unbounded.isEmpty()) {
      return Optional.of(
          new Warning(
              Warning.CLOCK_UNCERTAINTY,
              "CLOCK_UNCERTAINTY: shards ran on "
                  + clockByHost.size()
                  + " hosts and the clock of "
                  + String.join(", ", unbounded)
                  + " is not known to be synchronized: end-to-end latencies between hosts may be"
                  + " off by any amount (run chrony or another NTP/PTP daemon on every host)"));
    }
    // The worst pair: the two largest error bounds.
    long[] largest =
        clockByHost.values().stream()
            .map(ClockStatus::maxErrorMicros)
            .sorted(Comparator.reverseOrder())
            .mapToLong(Long::longValue)
            .limit(2)
            .toArray();
    long uncertaintyMicros = largest[0] + largest[1];
    if (e2e.p50Micros() >= uncertaintyMicros) {
      return Optional.empty();
    }
    return Optional.of(
        new Warning(
            Warning.CLOCK_UNCERTAINTY,
            String.format(
                "CLOCK_UNCERTAINTY: end-to-end latencies between hosts (p50 %.0f us from the actual"
                    + " send) are smaller than the clocks' combined error bound (%d us): they say"
                    + " little; synchronize the hosts' clocks more tightly (PTP) or measure"
                    + " end-to-end latency within one host",
                e2e.p50Micros(), uncertaintyMicros)));
  }

  private static ClockStatus worse(ClockStatus a, ClockStatus b) {
    if (!a.bounded()) {
      return a;
    }
    return !b.bounded() || b.maxErrorMicros() > a.maxErrorMicros() ? b : a;
  }
}
