package io.brokerbench.result;

import io.brokerbench.latency.LatencyHistograms;
import io.brokerbench.latency.LatencyKind;
import io.brokerbench.workload.Shard;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Adds up the results of the shards of one workload (see {@link Shard}) into the result of the
 * whole: counters summed, histograms added (never percentiles averaged), integrity computed across
 * shards from each producer's entries, so that a message sent in one shard and received in another
 * is neither lost nor foreign, and a message no shard received is lost. Each shard's own figures
 * are kept beside the whole ({@link RunResult#shards()}); shards on several hosts whose clocks may
 * be further apart than the latencies between them raise {@link Warning#CLOCK_UNCERTAINTY}.
 *
 * <pre>{@code
 * RunResult whole = ResultMerge.of(List.of(shardA, shardB));
 * }</pre>
 *
 * <p>Durations are those of the longest shard; CPU time and memory are summed over the processes.
 * Intervals are merged by their epoch start time (their counts added); their latency percentiles
 * cannot be merged from the results alone: they come from the merge of the shards' HdrHistogram
 * logs ({@link io.brokerbench.report.HistogramLogMerge}), or are left out.
 */
public final class ResultMerge {
  private ResultMerge() {}

  /**
   * The result of the whole workload.
   *
   * @throws IllegalArgumentException when there is no result, or one carries no histograms
   */
  public static RunResult of(List<RunResult> shards) {
    return of(shards, Map.of());
  }

  /**
   * The result of the whole workload, with its intervals' latencies.
   *
   * @param intervalLatency the merged intervals' latency summaries by start time in epoch
   *     milliseconds, then by latency kind key, as {@link
   *     io.brokerbench.report.HistogramLogMerge#merge} returns them
   * @throws IllegalArgumentException when there is no result, or one carries no histograms
   */
  public static RunResult of(
      List<RunResult> shards, Map<Long, Map<String, LatencySummary>> intervalLatency) {
    if (shards.isEmpty()) {
      throw new IllegalArgumentException("no results to merge");
    }
    RunResult first = shards.get(0);
    Totals totals = first.totals();
    LatencyHistograms latency = histograms(first.latency());
    for (RunResult r : shards.subList(1, shards.size())) {
      totals = parallel(totals, r.totals());
      latency.add(histograms(r.latency()));
    }
    List<ProducerIntegrity> byProducer = integrityByProducer(shards);
    long foreign = shards.stream().mapToLong(r -> r.integrity().foreign()).sum();
    IntegrityCounts integrity = IntegrityCounts.of(byProducer, foreign, p -> true);
    Map<String, LatencySummary> latencies = LatencySummary.allWithHistograms(latency);
    String status = status(shards);
    List<Warning> warnings =
        new ArrayList<>(
            RunWarnings.of(
                first.environment(),
                totals.counts(),
                latencies,
                integrity,
                RunResult.INTERRUPTED.equals(status),
                0));
    List<ShardSummary> summaries = shards.stream().map(ShardSummary::of).toList();
    ClockUncertainty.of(summaries, latencies).ifPresent(warnings::add);
    Shard shard = first.shard();
    return new RunResult(
        RunResult.SCHEMA,
        status,
        shards.stream().map(RunResult::error).filter(e -> e != null).findFirst().orElse(null),
        first.commandLine(),
        workload(shards),
        first.driver(),
        new Shard(0, shard.totalProducers(), 0, shard.totalConsumers()),
        first.environment(),
        totals,
        latencies,
        integrity,
        byProducer,
        steps(shards),
        intervals(shards, intervalLatency),
        warnings,
        List.of(),
        summaries);
  }

  private static String status(List<RunResult> shards) {
    for (String status : List.of(RunResult.FAILED, RunResult.INTERRUPTED)) {
      if (shards.stream().anyMatch(r -> status.equals(r.status()))) {
        return status;
      }
    }
    return RunResult.COMPLETED;
  }

  /** Totals of two runs that ran at the same time. */
  private static Totals parallel(Totals a, Totals b) {
    MessageCounts counts = a.counts().plus(b.counts());
    double sendSeconds = Math.max(a.sendSeconds(), b.sendSeconds());
    double receiveSeconds = Math.max(a.receiveSeconds(), b.receiveSeconds());
    long cpuNanos = Math.round((a.client().cpuSeconds() + b.client().cpuSeconds()) * 1e9);
    long rss = Math.max(0, a.client().peakRssBytes()) + Math.max(0, b.client().peakRssBytes());
    return Totals.of(counts, sendSeconds, receiveSeconds, cpuNanos, rss);
  }

  private static LatencyHistograms histograms(Map<String, LatencySummary> summaries) {
    LatencyHistograms histograms = LatencyHistograms.empty();
    for (LatencyKind kind : LatencyKind.values()) {
      LatencySummary s = summaries.get(kind.key());
      if (s != null) {
        histograms.add(LatencyHistograms.empty().put(kind, s.decodedHistogram(), s.negative()));
      }
    }
    return histograms;
  }

  private static List<ProducerIntegrity> integrityByProducer(List<RunResult> shards) {
    Map<Integer, ProducerIntegrity> merged = new TreeMap<>();
    for (RunResult r : shards) {
      for (ProducerIntegrity p : r.integrityByProducer()) {
        merged.merge(p.producer(), p, ProducerIntegrity::plus);
      }
    }
    return List.copyOf(merged.values());
  }

  private static WorkloadSummary workload(List<RunResult> shards) {
    WorkloadSummary w = shards.get(0).workload();
    Shard shard = shards.get(0).shard();
    List<Double> rates = new ArrayList<>(w.rateSteps());
    for (RunResult r : shards.subList(1, shards.size())) {
      List<Double> other = r.workload().rateSteps();
      for (int i = 0; i < rates.size() && i < other.size(); i++) {
        rates.set(i, rates.get(i) + other.get(i));
      }
    }
    return new WorkloadSummary(
        shard.totalProducers(),
        shard.totalConsumers(),
        w.destinations(),
        w.messageBytes(),
        rates,
        w.rateStepSeconds(),
        w.durationSeconds(),
        w.messagesPerProducer(),
        w.messagesPerConsumer(),
        w.warmupSeconds(),
        w.inFlightWindow(),
        w.prefetch(),
        w.ackMode(),
        w.ackEvery(),
        w.persistent(),
        w.catchUp(),
        w.progressTimeoutSeconds());
  }

  private static List<StepResult> steps(List<RunResult> shards) {
    Map<Integer, StepResult> merged = new TreeMap<>();
    for (RunResult r : shards) {
      for (StepResult s : r.steps()) {
        merged.merge(
            s.index(),
            s,
            (a, b) -> {
              LatencyHistograms latency = histograms(a.latency()).add(histograms(b.latency()));
              return new StepResult(
                  a.index(),
                  a.targetPerSecond() + b.targetPerSecond(),
                  Math.min(a.startSeconds(), b.startSeconds()),
                  Math.max(a.endSeconds(), b.endSeconds()),
                  parallel(a.totals(), b.totals()),
                  LatencySummary.allWithHistograms(latency));
            });
      }
    }
    return List.copyOf(merged.values());
  }

  private static List<IntervalSample> intervals(
      List<RunResult> shards, Map<Long, Map<String, LatencySummary>> intervalLatency) {
    Map<Long, IntervalSample> merged = new TreeMap<>();
    for (RunResult r : shards) {
      for (IntervalSample s : r.intervals()) {
        merged.merge(
            s.startEpochMillis(),
            s,
            (a, b) -> {
              MessageCounts counts = a.counts().plus(b.counts());
              double seconds = Math.max(a.seconds(), b.seconds());
              return new IntervalSample(
                  0,
                  a.step(),
                  a.startEpochMillis(),
                  Math.min(a.startSeconds(), b.startSeconds()),
                  Math.max(a.endSeconds(), b.endSeconds()),
                  a.warmup() && b.warmup(),
                  counts,
                  Rates.of(counts, seconds, seconds),
                  Map.of(),
                  a.cpuPercent() + b.cpuPercent(),
                  Math.max(0, a.rssBytes()) + Math.max(0, b.rssBytes()));
            });
      }
    }
    List<IntervalSample> intervals = new ArrayList<>();
    for (IntervalSample s : merged.values()) {
      intervals.add(
          new IntervalSample(
              intervals.size(),
              s.step(),
              s.startEpochMillis(),
              s.startSeconds(),
              s.endSeconds(),
              s.warmup(),
              s.counts(),
              s.rates(),
              intervalLatency.getOrDefault(
                  s.startEpochMillis(), shards.size() == 1 ? s.latency() : Map.of()),
              s.cpuPercent(),
              s.rssBytes()));
    }
    return intervals;
  }
}
