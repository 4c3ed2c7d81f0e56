package io.brokerbench.result;

import io.brokerbench.latency.LatencyHistograms;
import io.brokerbench.latency.LatencyKind;
import io.brokerbench.workload.Shard;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Adds up the results of the shards of one workload (see {@link Shard}) into the result of the
 * whole: counters summed, histograms added (never percentiles averaged), integrity computed across
 * shards from each producer's entries, so that a message sent in one shard and received in another
 * is neither lost nor foreign, and a message no shard received is lost. Each shard's own figures
 * are kept beside the whole ({@link MergeSources#shards()}); shards on several hosts whose clocks
 * may be further apart than the latencies between them raise {@link Warning#CLOCK_UNCERTAINTY}.
 * Fewer shards than the run was split into make a {@linkplain RunResult#PARTIAL partial} result
 * that names the others ({@link MergeSources#missingShards()}, {@link Warning#MISSING_SHARDS}).
 *
 * <pre>{@code
 * RunResult whole = ResultMerge.of(List.of(shardA, shardB));
 * }</pre>
 *
 * <p>Results are added one at a time ({@link #add}), so a merge of many long shards holds one
 * shard's result at a time beside the whole's running sums.
 *
 * <p>Durations are those of the longest shard; CPU time and memory are summed over the processes.
 * Intervals are merged by their epoch start time (their counts added); their latency percentiles
 * cannot be merged from the results alone: they come from the merge of the shards' HdrHistogram
 * logs ({@link io.brokerbench.report.HistogramLogMerge}), or are left out.
 */
public final class ResultMerge {
  private String commandLine;
  private RunResult first;
  private int added;
  private Totals totals;
  private final LatencyHistograms latency = LatencyHistograms.empty();
  private final Map<Integer, ProducerIntegrity> byProducer = new TreeMap<>();
  private long foreign;
  private long stillQueued;
  private String status = RunResult.COMPLETED;
  private String error;
  private final List<Double> rates = new ArrayList<>();
  private final Map<Integer, StepResult> steps = new TreeMap<>();
  private final Map<Long, IntervalSample> intervals = new TreeMap<>();
  private BrokerLoad brokerLoad = BrokerLoad.NONE;
  private final List<ShardSummary> shards = new ArrayList<>();
  private final Set<Integer> shardIndexes = new TreeSet<>();
  private final Set<Integer> lostIndexes = new TreeSet<>();
  private final List<FlowControl> flowControls = new ArrayList<>();
  private ConnectionsResult connections = ConnectionsResult.NONE;
  private ConnectionLosses connectionLosses = ConnectionLosses.NONE;
  private final List<Warning> depthUnknown = new ArrayList<>();
  private final List<Warning> foreignConsumers = new ArrayList<>();
  private RequestReplyCounts requestReply = RequestReplyCounts.NONE;
  private final List<BacklogResult> backlogs = new ArrayList<>();
  // Per shard with a backlog: when it started sending and when its consumers started, epoch ms.
  private final List<Long> backlogSendStarts = new ArrayList<>();
  private final List<Long> backlogConsumerStarts = new ArrayList<>();

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
    ResultMerge merge = new ResultMerge();
    shards.forEach(merge::add);
    return merge.result(intervalLatency);
  }

  /**
   * The merged result's command line: the merge's own (each shard's stays in its {@link
   * ShardSummary}); null, the default, when the merge has none, as in a library call.
   *
   * @return this merge
   */
  public ResultMerge commandLine(String text) {
    this.commandLine = text;
    return this;
  }

  /**
   * Adds one shard's result.
   *
   * @return this merge
   */
  public ResultMerge add(RunResult shard) {
    if (added++ == 0) {
      first = shard;
      totals = shard.figures().totals();
      rates.addAll(shard.setup().workload().rateSteps());
    } else {
      totals = parallel(totals, shard.figures().totals());
      List<Double> other = shard.setup().workload().rateSteps();
      for (int i = 0; i < rates.size() && i < other.size(); i++) {
        rates.set(i, rates.get(i) + other.get(i));
      }
    }
    latency.add(histograms(shard.figures().latency()));
    for (ProducerIntegrity p : shard.figures().integrityByProducer()) {
      byProducer.merge(p.producer(), p, ProducerIntegrity::plus);
    }
    foreign += shard.figures().integrity().foreign();
    stillQueued += shard.figures().integrity().stillQueued();
    status = worse(status, shard.ending().status());
    if (error == null) {
      error = shard.ending().error();
    }
    for (StepResult s : shard.figures().steps()) {
      steps.merge(s.index(), s, ResultMerge::parallel);
    }
    for (IntervalSample s : shard.figures().intervals()) {
      intervals.merge(s.startEpochMillis(), s, ResultMerge::parallel);
    }
    shards.add(ShardSummary.of(shard));
    shardIndexes.add(shard.setup().shard().index());
    flowControls.add(shard.extras().flowControl());
    if (shard.extras().backlog().present()) {
      long sendStart = Instant.parse(shard.setup().environment().startTime()).toEpochMilli();
      backlogs.add(shard.extras().backlog());
      backlogSendStarts.add(sendStart);
      backlogConsumerStarts.add(
          sendStart + Math.round(shard.extras().backlog().fillSeconds() * 1000));
    }
    requestReply = requestReply.plus(shard.extras().requestReply());
    connections = connections.plus(shard.extras().connections());
    connectionLosses = connectionLosses.plus(shard.extras().connectionLosses());
    if (shard.extras().brokerLoad().measured()) {
      // The first shard reads the broker for the whole run; the others do not.
      brokerLoad = shard.extras().brokerLoad();
    }
    for (Warning w : shard.verdict().warnings()) {
      if (w.code().equals(Warning.DEPTH_UNKNOWN) && depthUnknown.isEmpty()) {
        // The shard's loss may be the broker's backlog, so the merged one may be.
        String why = w.message().substring(w.message().indexOf(':') + 1).trim();
        depthUnknown.add(new Warning(Warning.DEPTH_UNKNOWN, "DEPTH_UNKNOWN: in a shard, " + why));
      }
      // Found by a shard at its start, not recomputed from counts: kept, once each.
      if (w.code().equals(Warning.FOREIGN_CONSUMERS) && !foreignConsumers.contains(w)) {
        foreignConsumers.add(w);
      }
    }
    return this;
  }

  /**
   * A shard lost during a live run (it stopped answering its coordinator): its intervals until then
   * join the merged intervals, and it stays missing, so that its intended messages are counted as
   * not sent and the result is partial.
   *
   * @param index the shard's index
   * @param intervals the intervals it reported before it was lost
   * @return this merge
   */
  public ResultMerge lost(int index, List<IntervalSample> intervals) {
    lostIndexes.add(index);
    for (IntervalSample s : intervals) {
      this.intervals.merge(s.startEpochMillis(), s, ResultMerge::parallel);
    }
    return this;
  }

  /** The summaries of the shards added so far, in the order they were added. */
  public List<ShardSummary> shards() {
    return List.copyOf(shards);
  }

  /**
   * The result of the shards added so far.
   *
   * @param intervalLatency the merged intervals' latency summaries, as in {@link #of(List, Map)}
   * @throws IllegalArgumentException when no result was added
   */
  public RunResult result(Map<Long, Map<String, LatencySummary>> intervalLatency) {
    if (added == 0) {
      throw new IllegalArgumentException("no results to merge");
    }
    List<ProducerIntegrity> producers = List.copyOf(byProducer.values());
    IntegrityCounts integrity =
        IntegrityCounts.of(producers, foreign, p -> true).withStillQueued(stillQueued);
    Map<String, LatencySummary> latencies = LatencySummary.allWithHistograms(latency);
    List<Warning> warnings =
        new ArrayList<>(
            RunWarnings.of(
                first.setup().environment(),
                totals.counts(),
                first.setup().workload().inFlightWindow() > 0,
                latencies,
                integrity,
                !RunResult.COMPLETED.equals(status),
                0));
    ClockUncertainty.of(shards, latencies).ifPresent(warnings::add);
    warnings.addAll(connections.warnings());
    warnings.addAll(connectionLosses.warnings());
    warnings.addAll(depthUnknown);
    List<MissingShard> missing = missingShards();
    if (!missing.isEmpty()) {
      warnings.add(missingShardsWarning(missing, first.setup().shard().count(), lostIndexes));
    }
    warnings.addAll(foreignConsumers);
    Shard shard = first.setup().shard();
    return new RunResult(
        RunResult.SCHEMA,
        new RunEnding(
            missing.isEmpty() || !RunResult.COMPLETED.equals(status) ? status : RunResult.PARTIAL,
            error),
        new RunSetup(
            commandLine,
            workload(),
            first.setup().driver(),
            new Shard(0, shard.totalProducers(), 0, shard.totalConsumers()),
            first.setup().environment()),
        new RunFigures(
            totals,
            latencies,
            integrity,
            producers,
            List.copyOf(steps.values()),
            intervals(intervalLatency)),
        RunVerdict.of(warnings),
        new MergeSources(shards, missing),
        new RunExtras(
            flowControl(),
            added == 1 ? first.extras().backlog() : backlog(),
            requestReply,
            connections,
            connectionLosses,
            brokerLoad));
  }

  /** The shards of the run's split that no result added played, with what each was to play. */
  private List<MissingShard> missingShards() {
    Shard shard = first.setup().shard();
    int mergedProducers = shards.stream().mapToInt(ShardSummary::producers).sum();
    List<MissingShard> missing = new ArrayList<>();
    for (int index = 0; index < shard.count(); index++) {
      if (!shardIndexes.contains(index)) {
        int producers = Shard.share(shard.totalProducers(), index, shard.count());
        missing.add(
            new MissingShard(
                index,
                producers,
                Shard.share(shard.totalConsumers(), index, shard.count()),
                intendedMessages(producers, mergedProducers)));
      }
    }
    return missing;
  }

  /**
   * The messages {@code producers} producers were to send after the warm-up: each its count in a
   * counted run; in a timed one their share of the rate (as {@link Shard#of} splits it, the merged
   * shards' rates being their {@code mergedProducers}' share) over each step; null when a step's
   * rate is unlimited, or no merged shard had producers to tell the rate by.
   */
  private Long intendedMessages(int producers, int mergedProducers) {
    WorkloadSummary w = first.setup().workload();
    if (w.messagesPerProducer() > 0) {
      return w.messagesPerProducer() * producers;
    }
    if (mergedProducers == 0 || rates.contains(0.0)) {
      return null;
    }
    double messages = 0;
    double stepsSeconds = 0;
    for (int i = 0; i < rates.size(); i++) {
      double stepSeconds = i < w.rateStepSeconds().size() ? w.rateStepSeconds().get(i) : 0;
      // The last step lasts to the end of the run.
      double seconds =
          stepSeconds > 0 ? stepSeconds : Math.max(0, w.durationSeconds() - stepsSeconds);
      messages += rates.get(i) * seconds;
      stepsSeconds += seconds;
    }
    return Math.round(messages * producers / mergedProducers);
  }

  private static Warning missingShardsWarning(
      List<MissingShard> missing, int count, Set<Integer> lost) {
    String indexes =
        String.join(", ", missing.stream().map(m -> String.valueOf(m.index())).toList());
    boolean known = missing.stream().allMatch(m -> m.intendedMessages() != null);
    long intended = missing.stream().mapToLong(m -> known ? m.intendedMessages() : 0).sum();
    boolean consumers = missing.stream().anyMatch(m -> m.consumers() > 0);
    return new Warning(
        Warning.MISSING_SHARDS,
        "MISSING_SHARDS: shard(s) "
            + indexes
            + " of "
            + count
            + (lost.isEmpty() ? " not merged: " : " not merged (" + lostText(lost) + "): ")
            + (known
                ? String.format(
                    Locale.ROOT, "their %,d intended message(s) are counted as not sent", intended)
                : "their intended messages are not known (a timed run at an unlimited rate) and"
                    + " are counted as not sent")
            + (consumers ? "; messages for their consumers count as lost" : ""));
  }

  /**
   * The shards' backlog. Each shard built its share and started its consumers once that was queued,
   * so the whole backlog was queued when the last of them started. It is drained once the shards'
   * consumers together received as many messages as were queued then (a queue is first in, first
   * out), read from the merged intervals, so to an interval's length: the shards' consumers compete
   * for one queue, and no shard alone can tell when it is empty.
   */
  private BacklogResult backlog() {
    if (backlogs.isEmpty()) {
      return BacklogResult.NONE;
    }
    long target = 0;
    long queued = 0;
    boolean consumersStarted = true;
    for (BacklogResult b : backlogs) {
      target += b.target();
      queued += b.queued();
      consumersStarted &= b.fillSeconds() > 0 || b.queued() > 0;
    }
    long sendStart = Collections.min(backlogSendStarts);
    long full = Collections.max(backlogConsumerStarts);
    long drainedAt = -1;
    long received = 0;
    for (IntervalSample s : intervals.values()) {
      received += s.counts().received();
      if (received >= queued) {
        drainedAt = s.startEpochMillis() + Math.round(s.seconds() * 1000);
        break;
      }
    }
    boolean drained = consumersStarted && queued > 0 && drainedAt >= 0;
    return BacklogResult.of(
        target,
        backlogs.get(0).producersStop(),
        queued,
        (full - sendStart) / 1e3,
        drained,
        drained ? Math.max(0, drainedAt - full) / 1e3 : 0);
  }

  /**
   * The shards' flow control: periods added, the longest blocked time (the shards' periods overlap
   * when one broker blocks them all), every reason.
   */
  private FlowControl flowControl() {
    Set<String> reasons = new TreeSet<>();
    int periods = 0;
    double seconds = 0;
    boolean atEnd = false;
    for (FlowControl f : flowControls) {
      periods += f.periods();
      seconds = Math.max(seconds, f.blockedSeconds());
      atEnd |= f.blockedAtEnd();
      reasons.addAll(f.reasons());
    }
    return new FlowControl(periods, seconds, atEnd, List.copyOf(reasons));
  }

  /** Failed over interrupted over completed. */
  private static String worse(String a, String b) {
    for (String status : List.of(RunResult.FAILED, RunResult.INTERRUPTED)) {
      if (status.equals(a) || status.equals(b)) {
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

  private static StepResult parallel(StepResult a, StepResult b) {
    LatencyHistograms latency = histograms(a.latency()).add(histograms(b.latency()));
    return new StepResult(
        a.index(),
        a.targetPerSecond() + b.targetPerSecond(),
        Math.min(a.startSeconds(), b.startSeconds()),
        Math.max(a.endSeconds(), b.endSeconds()),
        parallel(a.totals(), b.totals()),
        LatencySummary.allWithHistograms(latency));
  }

  private static String lostText(Set<Integer> lost) {
    return "shard(s) "
        + String.join(", ", lost.stream().map(String::valueOf).toList())
        + " lost during the run, their figures until then in the intervals";
  }

  /**
   * Two shards' intervals with the same start: counts, CPU and memory added. Their latencies are
   * left out: they come from the shards' histograms added, which the samples do not carry.
   */
  public static IntervalSample parallel(IntervalSample a, IntervalSample b) {
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
        Math.max(0, a.rssBytes()) + Math.max(0, b.rssBytes()),
        // Only the first shard reads the broker.
        a.broker().known() ? a.broker() : b.broker());
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

  private WorkloadSummary workload() {
    WorkloadSummary w = first.setup().workload();
    Shard shard = first.setup().shard();
    return w.whole(
        shard.totalProducers(),
        shard.totalConsumers(),
        rates,
        // Each shard built its share of the backlog.
        backlogs.isEmpty()
            ? w.backlogMessages()
            : backlogs.stream().mapToLong(BacklogResult::target).sum(),
        (int) connections.target(),
        w.connectionRate() * connections.target() / Math.max(1, w.connections()));
  }

  private List<IntervalSample> intervals(Map<Long, Map<String, LatencySummary>> intervalLatency) {
    List<IntervalSample> merged = new ArrayList<>();
    for (IntervalSample s : intervals.values()) {
      merged.add(
          new IntervalSample(
              merged.size(),
              s.step(),
              s.startEpochMillis(),
              s.startSeconds(),
              s.endSeconds(),
              s.warmup(),
              s.counts(),
              s.rates(),
              intervalLatency.getOrDefault(
                  s.startEpochMillis(), added == 1 ? s.latency() : Map.of()),
              s.cpuPercent(),
              s.rssBytes(),
              s.broker()));
    }
    return merged;
  }
}
