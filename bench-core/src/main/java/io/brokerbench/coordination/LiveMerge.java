package io.brokerbench.coordination;

import io.brokerbench.latency.LatencyHistograms;
import io.brokerbench.latency.LatencyKind;
import io.brokerbench.result.IntervalSample;
import io.brokerbench.result.LatencySummary;
import io.brokerbench.result.ResultMerge;
import io.brokerbench.result.RunResult;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * Adds up the shards of one live run as their intervals and results arrive: an interval is merged
 * (counts added, histograms added) once every running shard has reported it, and at the end the
 * shards' results are merged with those intervals' latencies, exactly as {@code bench merge} does
 * from the shards' result.json and latency.hlog files.
 *
 * <pre>{@code
 * LiveMerge merge = new LiveMerge(List.of(0, 1), commandLine);
 * merge.interval(0, sample0, latency0);           // nothing yet: shard 1 has not reported it
 * List<LiveMerge.Merged> ready = merge.interval(1, sample1, latency1);  // the merged interval
 * merge.finished(0, result0);
 * merge.finished(1, result1);
 * RunResult whole = merge.result();
 * }</pre>
 *
 * <p>Implementation notes: intervals are keyed by their start in epoch milliseconds, which every
 * shard cuts at the same multiples of the interval; a shard reports them in order, so an interval
 * is complete when every shard still running has reported it, and intervals are released in start
 * order. The interval latencies kept for the result are those {@code HistogramLogMerge} reads back
 * from the logs: the kinds with values, negative values left out (a log cannot hold them). Results
 * are held until the end and merged in shard order, so that the merge does not depend on which
 * shard finished first. Not thread-safe: the coordinator's event loop owns it.
 */
public final class LiveMerge {
  /**
   * One merged interval.
   *
   * @param sample its figures (latency summaries without histograms)
   * @param histograms its latency histograms, the shards' added
   */
  public record Merged(IntervalSample sample, LatencyHistograms histograms) {}

  private final Set<Integer> running = new HashSet<>();
  private final TreeMap<Long, Pending> pending = new TreeMap<>();
  private final Map<Long, Map<String, LatencySummary>> intervalLatency = new TreeMap<>();
  private final Map<Integer, List<IntervalSample>> reported = new TreeMap<>();
  private final Map<Integer, RunResult> results = new TreeMap<>();
  private final Map<Integer, List<IntervalSample>> lost = new TreeMap<>();
  private final String commandLine;
  private int released;

  /**
   * A merge of these shards' intervals.
   *
   * @param shards the shards that started
   * @param commandLine the merged result's command line (the coordinator's), or null
   */
  public LiveMerge(Collection<Integer> shards, String commandLine) {
    running.addAll(shards);
    shards.forEach(s -> reported.put(s, new ArrayList<>()));
    this.commandLine = commandLine;
  }

  /**
   * A shard's interval closed.
   *
   * @param latency its latency by kind, with histograms
   * @return the intervals now complete, in order
   */
  public List<Merged> interval(
      int shard, IntervalSample sample, Map<String, LatencySummary> latency) {
    if (!running.contains(shard)) {
      return List.of();
    }
    reported.get(shard).add(sample);
    Pending p = pending.computeIfAbsent(sample.startEpochMillis(), t -> new Pending());
    p.shards.add(shard);
    p.sample = p.sample == null ? sample : ResultMerge.parallel(p.sample, sample);
    for (LatencyKind kind : LatencyKind.values()) {
      LatencySummary s = latency.get(kind.key());
      if (s != null) {
        p.histograms.add(kind, s.decodedHistogram(), s.negative());
      }
    }
    return release();
  }

  /** A shard's run ended with this result; its intervals were all reported before. */
  public List<Merged> finished(int shard, RunResult result) {
    results.put(shard, result);
    return ended(shard);
  }

  /** A shard was lost: it stays missing from the result, its intervals until now kept. */
  public List<Merged> lost(int shard) {
    List<IntervalSample> intervals = reported.get(shard);
    lost.put(shard, intervals == null ? List.of() : intervals);
    return ended(shard);
  }

  /** True while a shard that started has neither finished nor been lost. */
  public boolean running() {
    return !running.isEmpty();
  }

  /** True while {@code shard} started and has neither finished nor been lost. */
  public boolean running(int shard) {
    return running.contains(shard);
  }

  /** True once at least one shard finished, so that there is a result to merge. */
  public boolean hasResult() {
    return !results.isEmpty();
  }

  /**
   * The merged result of the shards that finished, the lost ones missing.
   *
   * @throws IllegalStateException when no shard finished
   */
  public RunResult result() {
    if (results.isEmpty()) {
      throw new IllegalStateException("no shard finished");
    }
    ResultMerge merge = new ResultMerge().commandLine(commandLine);
    results.values().forEach(merge::add);
    lost.forEach(merge::lost);
    return merge.result(intervalLatency);
  }

  private List<Merged> ended(int shard) {
    running.remove(shard);
    return release();
  }

  private List<Merged> release() {
    List<Merged> complete = new ArrayList<>();
    while (!pending.isEmpty() && pending.firstEntry().getValue().shards.containsAll(running)) {
      Map.Entry<Long, Pending> e = pending.pollFirstEntry();
      complete.add(merged(e.getKey(), e.getValue()));
    }
    return complete;
  }

  private Merged merged(long start, Pending p) {
    Map<String, LatencySummary> live = new LinkedHashMap<>();
    Map<String, LatencySummary> logged = new TreeMap<>();
    for (LatencyKind kind : LatencyKind.values()) {
      if (p.histograms.count(kind) == 0) {
        continue; // asking for an empty kind's histogram would make one
      }
      Histogram h = p.histograms.histogram(kind);
      live.put(kind.key(), LatencySummary.of(h, p.histograms.negative(kind)));
      if (h.getTotalCount() > 0) {
        logged.put(kind.key(), LatencySummary.of(h, 0));
      }
    }
    if (!logged.isEmpty()) {
      intervalLatency.put(start, logged);
    }
    IntervalSample s = p.sample;
    IntervalSample sample =
        new IntervalSample(
            released++,
            s.step(),
            s.startEpochMillis(),
            s.startSeconds(),
            s.endSeconds(),
            s.warmup(),
            s.counts(),
            s.rates(),
            live,
            s.cpuPercent(),
            s.rssBytes(),
            s.broker());
    return new Merged(sample, p.histograms);
  }

  /** An interval some shards have reported. */
  private static final class Pending {
    final Set<Integer> shards = new HashSet<>();
    final LatencyHistograms histograms = LatencyHistograms.empty();
    IntervalSample sample;
  }
}
