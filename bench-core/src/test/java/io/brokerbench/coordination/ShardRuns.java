package io.brokerbench.coordination;

import io.brokerbench.BenchmarkRun;
import io.brokerbench.StartGate;
import io.brokerbench.latency.LatencyHistograms;
import io.brokerbench.loopback.LoopbackDriver;
import io.brokerbench.loopback.LoopbackOptions;
import io.brokerbench.rate.ManualNanoClock;
import io.brokerbench.report.ReportSink;
import io.brokerbench.report.RunDirectory;
import io.brokerbench.result.IntervalSample;
import io.brokerbench.result.RunResult;
import io.brokerbench.workload.Destinations;
import io.brokerbench.workload.Shard;
import io.brokerbench.workload.Workload;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.IntFunction;

/**
 * The shards of one workload run in this JVM on manual clocks sharing an epoch, each writing its
 * run directory and keeping the messages its {@link ShardLink} would have streamed.
 */
final class ShardRuns {
  private static final long MS = 1_000_000L;
  private static final long EPOCH = 1_700_000_000_000L * MS;

  /** One shard: its directory and what it streamed. */
  record Run(Path dir, List<Message.Interval> intervals, Message.Finished finished) {}

  private ShardRuns() {}

  /**
   * One queue per producer and consumer pair, producer and consumer i on queue i: each shard's
   * producers then feed its own consumers, so that shards in separate loopback drivers lose
   * nothing.
   */
  static Destinations pairs(int count) {
    return Destinations.pattern("q-%d", 0, count - 1);
  }

  /**
   * One run of one producer and one consumer, 500 messages at 1,000 msg/s, into {@code root}/s0.
   */
  static Run single(Path root) throws Exception {
    Workload workload =
        Workload.builder()
            .producers(1)
            .consumers(1)
            .rate(1_000)
            .messagesPerProducer(500)
            .duration(null)
            .destinations(pairs(1))
            .build();
    return run(workload, 1, root).get(0);
  }

  /** Runs {@code count} shards of {@code whole} into {@code root}/s0, s1, …. */
  static List<Run> run(Workload whole, int count, Path root) throws Exception {
    return run(whole, count, root, shard -> null);
  }

  /**
   * Runs {@code count} shards of {@code whole} into {@code root}/s0, s1, …, shard I told by its
   * start that the shards {@code onItsHost.apply(I)} are on its host.
   */
  static List<Run> run(Workload whole, int count, Path root, IntFunction<Set<Integer>> onItsHost)
      throws Exception {
    List<Run> runs = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      Shard.Part part = Shard.of(whole, i, count);
      ManualNanoClock clock = new ManualNanoClock(1_000 * MS, EPOCH);
      LoopbackDriver driver =
          new LoopbackDriver(LoopbackOptions.parse(Map.of("inline", "true")), clock);
      Path dir = root.resolve("s" + i);
      List<Message.Interval> intervals = new ArrayList<>();
      BenchmarkRun.Builder builder =
          BenchmarkRun.builder(part.workload())
              .driver(driver)
              .clock(clock)
              .probeClock(false)
              .shard(part.shard())
              .producerIdBase(0)
              .startGate(gate(onItsHost.apply(i)))
              .sink(
                  new ReportSink() {
                    @Override
                    public void interval(IntervalSample sample, LatencyHistograms histograms) {
                      intervals.add(Message.Interval.of(sample, histograms));
                    }
                  });
      RunDirectory.of(dir).sinks().forEach(builder::sink);
      RunResult result = builder.build().run();
      runs.add(new Run(dir, intervals, new Message.Finished(result)));
    }
    return runs;
  }

  private static StartGate gate(Set<Integer> onThisHost) {
    return new StartGate() {
      @Override
      public Instant awaitStart(BooleanSupplier stopping) {
        return null;
      }

      @Override
      public Set<Integer> shardsOnThisHost() {
        return onThisHost;
      }
    };
  }

  /** The runs' figures merged as a coordinator merges them. */
  static RunResult merged(List<Run> runs) {
    List<Integer> shards = new ArrayList<>();
    for (int i = 0; i < runs.size(); i++) {
      shards.add(i);
    }
    LiveMerge merge = new LiveMerge(shards, null);
    for (int i = 0; i < runs.size(); i++) {
      for (Message.Interval m : runs.get(i).intervals()) {
        merge.interval(i, m.sample(), m.latency());
      }
      merge.finished(i, runs.get(i).finished().result());
    }
    return merge.result();
  }
}
