package io.brokerbench.coordination;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.result.ClockStatus;
import io.brokerbench.result.RunResult;
import io.brokerbench.workload.Workload;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CrossHostBoundTest {
  @TempDir Path dir;

  private static ClockStatus synced(long maxErrorMicros) {
    return new ClockStatus("adjtimex", true, maxErrorMicros, maxErrorMicros / 10);
  }

  private RunResult merged() throws Exception {
    return ShardRuns.single(dir).finished().result();
  }

  @Test
  void acrossHostsTheP99CarriesTheTwoLargestClockBoundsAdded() throws Exception {
    RunResult merged = merged();
    List<Message.Hello> shards =
        List.of(
            new Message.Hello(0, 3, "a", synced(500)),
            new Message.Hello(1, 3, "b", synced(2_000)),
            new Message.Hello(2, 3, "c", synced(1_200)));

    assertThat(CrossHostBound.line(shards, merged))
        .matches(
            "e2e p99 [0-9.]+ ms ± 3\\.2 ms across 3 hosts \\(the two largest clock error"
                + " bounds added\\)");
  }

  @Test
  void theMessagesOfPairsOnOneHostAreGivenApartFromThoseThatCrossedHosts() throws Exception {
    Workload whole =
        Workload.builder()
            .producers(2)
            .consumers(2)
            .rate(1_000)
            .messagesPerProducer(500)
            .duration(null)
            .destinations(ShardRuns.pairs(2))
            .build();
    // Each shard's consumer hears its own shard's producer alone: shard 0 is told it shares its
    // host with itself, shard 1 that only shard 0 is on its host, so its messages count as crossed.
    List<ShardRuns.Run> runs = ShardRuns.run(whole, 2, dir, shard -> Set.of(0));
    RunResult merged = ShardRuns.merged(runs);
    for (Message.Interval interval : runs.get(0).intervals()) {
      assertThat(interval.latency().get("e2e_one_host").count())
          .as("a one-host message is in the same interval of e2e and e2e_one_host")
          .isEqualTo(interval.latency().get("e2e").count());
    }
    List<Message.Hello> shards =
        List.of(
            new Message.Hello(0, 2, "a", synced(500)), new Message.Hello(1, 2, "b", synced(700)));

    assertThat(merged.figures().latency().get("e2e").count()).isEqualTo(1_000);
    assertThat(merged.figures().latency().get("e2e_one_host").count()).isEqualTo(500);
    assertThat(CrossHostBound.line(shards, merged))
        .matches(
            "e2e p99 [0-9.]+ ms ± 1\\.2 ms across 2 hosts \\(the two largest clock error bounds"
                + " added\\); across hosts p99 [0-9.]+ ms ± 1\\.2 ms, on one host p99 [0-9.]+ ms"
                + " \\(50 % of messages, one clock\\)");
  }

  @Test
  void aRunWhoseShardsAreNotToldTheirHostsHasNoOneHostFigure() throws Exception {
    assertThat(merged().figures().latency()).doesNotContainKey("e2e_one_host");
  }

  @Test
  void aHostWhoseClockIsNotKnownLeavesTheBoundUnknownAndIsNamed() throws Exception {
    List<Message.Hello> shards =
        List.of(
            new Message.Hello(0, 2, "a", synced(500)),
            new Message.Hello(1, 2, "b", ClockStatus.UNKNOWN));

    assertThat(CrossHostBound.line(shards, merged()))
        .endsWith(" across 2 hosts, ± unknown: the clock of b is not known to be synchronized");
  }

  @Test
  void shardsOnOneHostShareItsClockAndGetNoBound() throws Exception {
    List<Message.Hello> shards =
        List.of(
            new Message.Hello(0, 2, "a", ClockStatus.UNKNOWN),
            new Message.Hello(1, 2, "a", ClockStatus.UNKNOWN));

    assertThat(CrossHostBound.line(shards, merged())).isNull();
  }
}
