package io.brokerbench.coordination;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.brokerbench.report.JsonResult;
import io.brokerbench.result.ClockStatus;
import io.brokerbench.workload.Workload;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WireTest {
  @TempDir Path dir;

  @Test
  void everyMessageIsOneLineThatReadsBackEqual() throws Exception {
    List<Message> messages =
        List.of(
            new Message.Hello(2, 4, "host-a", new ClockStatus("adjtimex", true, 1_500, 20)),
            new Message.Hello(2, 4, "host-a", ClockStatus.UNKNOWN)
                .rejoining(
                    new Message.Start(
                        1_700_000_000_500L, List.of(0, 2), Map.of(0, "test", 2, "test"))),
            new Message.Ready(),
            new Message.Start(1_700_000_000_500L, List.of(0, 2), Map.of(0, "test", 2, "test")),
            new Message.Refused("the run started without shard 2"),
            new Message.Stop("shard 1 was lost"),
            new Message.Heartbeat());
    for (Message m : messages) {
      String line = Wire.text(m);
      assertThat(line).doesNotContain("\n");
      assertThat(Wire.parse(line)).isEqualTo(m);
    }
    assertThat(Wire.text(new Message.Ready())).isEqualTo("{\"type\":\"ready\"}");
  }

  @Test
  void intervalsAndResultsCrossExactly() throws Exception {
    Workload workload =
        Workload.builder()
            .producers(1)
            .consumers(1)
            .rate(2_000)
            .messagesPerProducer(3_000)
            .duration(null)
            .destinations(ShardRuns.pairs(1))
            .build();
    ShardRuns.Run run = ShardRuns.run(workload, 1, dir).get(0);

    Message.Interval interval = run.intervals().get(0);
    Message.Interval read = (Message.Interval) Wire.parse(Wire.text(interval));
    assertThat(read.sample()).isEqualTo(interval.sample());
    assertThat(read.latency().get("e2e").decodedHistogram())
        .isEqualTo(interval.latency().get("e2e").decodedHistogram());

    Message.Finished finished = (Message.Finished) Wire.parse(Wire.text(run.finished()));
    assertThat(JsonResult.toJson(finished.result()))
        .isEqualTo(JsonResult.toJson(run.finished().result()));
  }

  @Test
  void aLineThatIsNotAMessageIsNamed() {
    assertThatThrownBy(() -> Wire.parse("{\"type\":\"launch\"}"))
        .isInstanceOf(IOException.class)
        .hasMessageStartingWith("not a coordination message: ");
  }
}
