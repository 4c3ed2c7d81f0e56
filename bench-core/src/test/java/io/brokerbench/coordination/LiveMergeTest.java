package io.brokerbench.coordination;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.report.HistogramLogMerge;
import io.brokerbench.report.JsonResult;
import io.brokerbench.report.RunDirectory;
import io.brokerbench.result.MissingShard;
import io.brokerbench.result.ResultMerge;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.Warning;
import io.brokerbench.workload.Workload;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LiveMergeTest {
  @TempDir Path dir;

  private final Workload whole =
      Workload.builder()
          .producers(3)
          .consumers(3)
          .rate(3_000)
          .messagesPerProducer(2_500)
          .duration(null)
          .destinations(ShardRuns.pairs(3))
          .build();

  /** What the coordinator gets: each message as it crosses the wire. */
  private static <M extends Message> M wired(M message) throws Exception {
    @SuppressWarnings("unchecked")
    M read = (M) Wire.parse(Wire.text(message));
    return read;
  }

  @Test
  void anIntervalIsReleasedOnceEveryRunningShardReportedIt() throws Exception {
    List<ShardRuns.Run> runs = ShardRuns.run(whole, 3, dir);
    LiveMerge merge = new LiveMerge(List.of(0, 1, 2), null);
    Message.Interval first0 = runs.get(0).intervals().get(0);

    assertThat(merge.interval(0, first0.sample(), first0.latency())).isEmpty();
    Message.Interval first1 = runs.get(1).intervals().get(0);
    assertThat(merge.interval(1, first1.sample(), first1.latency())).isEmpty();
    Message.Interval first2 = runs.get(2).intervals().get(0);
    List<LiveMerge.Merged> released = merge.interval(2, first2.sample(), first2.latency());

    assertThat(released).singleElement();
    LiveMerge.Merged m = released.get(0);
    assertThat(m.sample().counts().sent())
        .isEqualTo(
            first0.sample().counts().sent()
                + first1.sample().counts().sent()
                + first2.sample().counts().sent());
    long e2e =
        first0.latency().get("e2e").count()
            + first1.latency().get("e2e").count()
            + first2.latency().get("e2e").count();
    assertThat(m.sample().latency().get("e2e").count()).isEqualTo(e2e);
  }

  @Test
  void theLiveResultIsTheMergeOfTheShardsFiles() throws Exception {
    List<ShardRuns.Run> runs = ShardRuns.run(whole, 3, dir);
    LiveMerge merge = new LiveMerge(List.of(0, 1, 2), null);
    int released = 0;
    // Shards interleaved, and finishing in reverse order: neither changes the result.
    for (int k = 0; k < runs.get(0).intervals().size(); k++) {
      for (int i = 0; i < 3; i++) {
        Message.Interval m = wired(runs.get(i).intervals().get(k));
        released += merge.interval(i, m.sample(), m.latency()).size();
      }
    }
    for (int i = 2; i >= 0; i--) {
      released += merge.finished(i, wired(runs.get(i).finished()).result()).size();
    }

    List<RunResult> files = new ArrayList<>();
    List<Path> logs = new ArrayList<>();
    for (ShardRuns.Run run : runs) {
      files.add(RunDirectory.of(run.dir()).read());
      logs.add(run.dir().resolve(RunDirectory.HISTOGRAM_LOG));
    }
    RunResult merged =
        ResultMerge.of(files, HistogramLogMerge.merge(logs, dir.resolve("merged.hlog")));

    assertThat(merge.running()).isFalse();
    assertThat(released).isEqualTo(runs.get(0).intervals().size());
    assertThat(JsonResult.toJson(merge.result())).isEqualTo(JsonResult.toJson(merged));
    assertThat(merged.figures().totals().counts().sent()).isEqualTo(7_500);
  }

  @Test
  void aLostShardNoLongerHoldsBackTheIntervalsTheOthersReported() throws Exception {
    List<ShardRuns.Run> runs = ShardRuns.run(whole, 3, dir);
    LiveMerge merge = new LiveMerge(List.of(0, 1, 2), null);
    for (int i : List.of(0, 2)) {
      Message.Interval m = runs.get(i).intervals().get(0);
      assertThat(merge.interval(i, m.sample(), m.latency())).isEmpty();
    }

    List<LiveMerge.Merged> released = merge.lost(1);

    assertThat(released).singleElement();
    assertThat(released.get(0).sample().counts().sent())
        .isEqualTo(
            runs.get(0).intervals().get(0).sample().counts().sent()
                + runs.get(2).intervals().get(0).sample().counts().sent());
  }

  @Test
  void aLostShardIsMissingWithItsLastFiguresInTheIntervalsAndTheResultPartial() throws Exception {
    List<ShardRuns.Run> runs = ShardRuns.run(whole, 3, dir);
    LiveMerge merge = new LiveMerge(List.of(0, 1, 2), null);
    Message.Interval lostsLast = runs.get(1).intervals().get(0);
    merge.interval(1, lostsLast.sample(), lostsLast.latency());
    merge.lost(1);
    for (int i : List.of(0, 2)) {
      for (Message.Interval m : runs.get(i).intervals()) {
        merge.interval(i, m.sample(), m.latency());
      }
      merge.finished(i, runs.get(i).finished().result());
    }

    RunResult result = merge.result();

    assertThat(result.ending().status()).isEqualTo(RunResult.PARTIAL);
    assertThat(result.mergedFrom().missingShards())
        .extracting(MissingShard::index)
        .containsExactly(1);
    assertThat(result.mergedFrom().missingShards().get(0).intendedMessages()).isEqualTo(2_500);
    assertThat(result.verdict().warnings())
        .filteredOn(w -> w.code().equals(Warning.MISSING_SHARDS))
        .singleElement()
        .satisfies(
            w ->
                assertThat(w.message())
                    .contains("shard(s) 1 lost during the run")
                    .contains("their 2,500 intended message(s) are counted as not sent"));
    long sentInFirstInterval =
        runs.get(0).intervals().get(0).sample().counts().sent()
            + lostsLast.sample().counts().sent()
            + runs.get(2).intervals().get(0).sample().counts().sent();
    assertThat(result.figures().intervals().get(0).counts().sent())
        .as("the lost shard's last figures are in the intervals")
        .isEqualTo(sentInFirstInterval);
    assertThat(result.figures().totals().counts().sent()).isEqualTo(5_000);
  }
}
