package io.brokerbench.coordination;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.result.ClockStatus;
import io.brokerbench.result.RunResult;
import io.brokerbench.workload.Workload;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CrossHostBoundTest {
  @TempDir Path dir;

  private static ClockStatus synced(long maxErrorMicros) {
    return new ClockStatus("adjtimex", true, maxErrorMicros, maxErrorMicros / 10);
  }

  private RunResult merged() throws Exception {
    Workload workload =
        Workload.builder()
            .producers(1)
            .consumers(1)
            .rate(1_000)
            .messagesPerProducer(500)
            .duration(null)
            .build();
    return ShardRuns.run(workload, 1, dir).get(0).finished().result();
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
