package io.brokerbench.result;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.workload.Shard;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ClockUncertaintyTest {
  private static final ClockStatus SYNCED_2MS = new ClockStatus("adjtimex", true, 2_000, 100);
  private static final ClockStatus SYNCED_50US = new ClockStatus("adjtimex", true, 50, 10);
  private static final ClockStatus UNSYNCED = new ClockStatus("adjtimex", false, 16_000_000, 0);

  private static ShardSummary on(String host, ClockStatus clock) {
    return new ShardSummary(
        new Shard(0, 1, 0, 1),
        1,
        1,
        host,
        "2026-01-01T00:00:00Z",
        RunResult.COMPLETED,
        null,
        MessageCounts.ZERO,
        Rates.of(MessageCounts.ZERO, 1, 1),
        new ClientCost(0, 0, 0),
        clock,
        Map.of(),
        null);
  }

  /** Merged latencies whose end-to-end p50 from the actual send is {@code p50Micros}. */
  private static Map<String, LatencySummary> e2eP50(double p50Micros) {
    return Map.of("e2e_send", TestResults.latency(p50Micros, 10 * p50Micros));
  }

  @Test
  void shardsOnOneHostShareOneClockAndNeedNoWarning() {
    assertThat(ClockUncertainty.of(List.of(on("a", UNSYNCED), on("a", UNSYNCED)), e2eP50(1)))
        .isEmpty();
  }

  @Test
  void latenciesBetweenHostsSmallerThanTheClocksCombinedErrorAreFlagged() {
    Optional<Warning> warning =
        ClockUncertainty.of(
            List.of(on("a", SYNCED_2MS), on("b", SYNCED_50US), on("c", SYNCED_2MS)), e2eP50(900));

    assertThat(warning)
        .hasValueSatisfying(
            w -> {
              assertThat(w.code()).isEqualTo(Warning.CLOCK_UNCERTAINTY);
              assertThat(w.message())
                  .isEqualTo(
                      "CLOCK_UNCERTAINTY: end-to-end latencies between hosts (p50 900 us from the"
                          + " actual send) are smaller than the clocks' combined error bound (4000"
                          + " us): they say little; synchronize the hosts' clocks more tightly"
                          + " (PTP) or measure end-to-end latency within one host");
            });
  }

  @Test
  void latenciesWellAboveTheClocksErrorPass() {
    assertThat(
            ClockUncertainty.of(List.of(on("a", SYNCED_50US), on("b", SYNCED_50US)), e2eP50(900)))
        .isEmpty();
  }

  @Test
  void anUnsynchronizedOrUnknownClockOnAnyHostIsNamed() {
    Optional<Warning> warning =
        ClockUncertainty.of(
            List.of(on("a", SYNCED_50US), on("b", UNSYNCED), on("c", ClockStatus.UNKNOWN)),
            e2eP50(900_000));

    assertThat(warning.map(Warning::message))
        .hasValueSatisfying(
            m ->
                assertThat(m)
                    .startsWith(
                        "CLOCK_UNCERTAINTY: shards ran on 3 hosts and the clock of b, c is not"
                            + " known to be synchronized"));
  }
}
