package io.brokerbench.internal.measure;

import io.brokerbench.latency.LatencyHistograms;
import io.brokerbench.latency.LatencyKind;
import io.brokerbench.rate.NanoClock;
import io.brokerbench.result.IntervalSample;
import io.brokerbench.result.LatencySummary;
import io.brokerbench.result.MessageCounts;
import io.brokerbench.result.Rates;
import io.brokerbench.workload.RateProfile;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Closes one interval at a time: swaps the recorders' interval histograms, counts the interval's
 * messages, samples CPU and RSS, and adds everything outside the warm-up to the measured span and
 * to the span of the interval's rate step. {@link #collect} is called by the reporting thread and
 * once more at the end of the run, never by two threads at once.
 *
 * <p>Sent, confirmed and received messages are counted from the histograms themselves (each such
 * message records exactly one slip, confirm or end-to-end value, or one negative value), so over
 * any span the histogram counts equal the message counts exactly, whatever instant the counters
 * were read at.
 */
public final class IntervalCollector {
  private final RunRecorders recorders;
  private final Supplier<MessageCounts> counters;
  private final NanoClock clock;
  private final long startNanos;
  private final long epochOffsetNanos;
  private final long intervalNanos;
  private final long warmupIntervals;
  private final RateProfile rate;
  private final ProcessSampler process = new ProcessSampler();

  /**
   * True when a message was sent, answered or received between the two reads. Field by field: a
   * record's {@code equals} is bootstrapped through method handles, 79 more classes at start-up.
   */
  private static boolean moved(MessageCounts before, MessageCounts after) {
    return before.sent() != after.sent()
        || before.confirmed() != after.confirmed()
        || before.received() != after.received()
        || before.notAccepted().total() != after.notAccepted().total()
        || before.unconfirmed() != after.unconfirmed();
  }

  /** At most this many cuts make the last interval (they take microseconds each). */
  private static final int LAST_CUTS = 100;

  private final LatencyHistograms interval = LatencyHistograms.empty();
  private final LatencyHistograms straggler = LatencyHistograms.empty();
  private final Span measured = new Span();
  private final List<Span> steps = new ArrayList<>();
  private final List<IntervalSample> samples = new ArrayList<>();
  private long previousNanos;
  private MessageCounts previousCounters = MessageCounts.ZERO;
  private long previousCpuNanos;

  /**
   * A collector.
   *
   * @param counters reads the cumulative counts the histograms do not carry (outcomes other than
   *     accepted, retries, skipped sends, messages unconfirmed now)
   * @param startNanos when sending started ({@link NanoClock#nanoTime()})
   */
  public IntervalCollector(
      RunRecorders recorders,
      Supplier<MessageCounts> counters,
      NanoClock clock,
      long startNanos,
      long intervalNanos,
      long warmupIntervals,
      RateProfile rate) {
    this.recorders = recorders;
    this.counters = counters;
    this.clock = clock;
    this.startNanos = startNanos;
    this.epochOffsetNanos = clock.epochOffsetNanos();
    this.intervalNanos = intervalNanos;
    this.warmupIntervals = warmupIntervals;
    this.rate = rate;
    this.previousNanos = startNanos;
    this.previousCpuNanos = process.cpuNanos();
    for (int i = 0; i < rate.steps().size(); i++) {
      steps.add(new Span());
    }
  }

  /**
   * Closes the interval ending now. The returned histograms are reused by the next call: the caller
   * hands them to the report sinks before it calls again.
   */
  public synchronized Cut collect() {
    return collect(false);
  }

  /**
   * Closes the last interval, at the end of the run; null when it would be a sliver with nothing in
   * it (the reporting thread closed one just before), which would only show a meaningless rate.
   */
  public synchronized Cut collectLast() {
    return collect(true);
  }

  private Cut collect(boolean last) {
    // The swap is the cut: read the time and the counters next to it, the process figures after.
    MessageCounts before = last ? counters.get() : null;
    recorders.takeInterval(interval);
    long now = clock.nanoTime();
    MessageCounts cumulative = counters.get();
    // No interval follows the last one: a confirm or delivery landing between the swap and the
    // counters' read would be in neither (its value in a histogram no one reads, no longer counted
    // as unconfirmed). While the counters moved during a cut, cut again into this interval.
    for (int cut = 1; last && moved(before, cumulative) && cut < LAST_CUTS; cut++) {
      before = cumulative;
      recorders.takeInterval(straggler);
      interval.add(straggler);
      now = clock.nanoTime();
      cumulative = counters.get();
    }
    long cpu = process.cpuNanos();
    long rss = process.rssBytes();
    int index = samples.size();
    boolean warmup = index < warmupIntervals;
    int step = rate.stepAt(Duration.ofNanos(index * intervalNanos));
    double seconds = (now - previousNanos) / 1e9;

    Map<String, LatencySummary> latency = new LinkedHashMap<>();
    for (LatencyKind kind : LatencyKind.values()) {
      if (interval.count(kind) > 0) {
        latency.put(
            kind.key(), LatencySummary.of(interval.histogram(kind), interval.negative(kind)));
      }
    }
    MessageCounts delta = cumulative.minus(previousCounters);
    if (last
        && now - previousNanos < intervalNanos / 2
        && latency.isEmpty()
        && delta.notAccepted().total() + delta.retried() + delta.skipped() + delta.windowWaits()
            == 0
        && cumulative.unconfirmed() == previousCounters.unconfirmed()) {
      return null;
    }
    MessageCounts counts =
        new MessageCounts(
            interval.count(LatencyKind.SCHEDULE_SLIP),
            interval.count(LatencyKind.CONFIRM),
            interval.count(LatencyKind.END_TO_END),
            delta.notAccepted(),
            delta.retried(),
            delta.skipped(),
            delta.windowWaits(),
            cumulative.unconfirmed());
    long cpuDelta = cpu - previousCpuNanos;
    if (!warmup) {
      measured.add(counts, interval, cpuDelta, rss);
      steps.get(step).add(counts, interval, cpuDelta, rss);
    } else {
      measured.peakRssBytes = Math.max(measured.peakRssBytes, rss);
    }
    // Labelled with the interval's nominal bounds (multiples of the interval since the epoch), so
    // that the intervals of several processes carry the same labels; only the last one is short.
    long nominalStart = startNanos + index * intervalNanos;
    long nominalEnd = Math.max(nominalStart, Math.min(now, nominalStart + intervalNanos));
    IntervalSample sample =
        new IntervalSample(
            index,
            step,
            Math.floorDiv(nominalStart + epochOffsetNanos, 1_000_000L),
            (previousNanos - startNanos) / 1e9,
            (now - startNanos) / 1e9,
            warmup,
            counts,
            Rates.of(counts, seconds, seconds),
            latency,
            seconds > 0 ? cpuDelta / 1e9 / seconds * 100 : 0,
            rss);
    for (LatencyKind kind : LatencyKind.values()) {
      if (interval.count(kind) == 0) {
        continue; // an empty kind is in no log; asking for its histogram would make one
      }
      // The interval log's entries then start and end where the CSV's rows do.
      interval.histogram(kind).setStartTimeStamp(sample.startEpochMillis());
      interval
          .histogram(kind)
          .setEndTimeStamp(Math.floorDiv(nominalEnd + epochOffsetNanos, 1_000_000L));
    }
    samples.add(sample);
    previousNanos = now;
    previousCounters = cumulative;
    previousCpuNanos = cpu;
    return new Cut(sample, interval);
  }

  /** An interval just closed and its histograms (owned by the collector, reused). */
  public record Cut(IntervalSample sample, LatencyHistograms histograms) {}

  public synchronized List<IntervalSample> samples() {
    return List.copyOf(samples);
  }

  /** Everything after the warm-up. */
  public synchronized Span measured() {
    return measured;
  }

  /** Everything after the warm-up, step by step. */
  public synchronized List<Span> steps() {
    return List.copyOf(steps);
  }

  /** When sending started ({@link NanoClock#nanoTime()}). */
  public long startNanos() {
    return startNanos;
  }

  /** When the warm-up ended ({@link NanoClock#nanoTime()}). */
  public long warmupEndNanos() {
    return startNanos + warmupIntervals * intervalNanos;
  }

  /** The sum of a run's intervals over some span: counts, histograms, CPU and peak memory. */
  public static final class Span {
    private MessageCounts counts = MessageCounts.ZERO;
    private final LatencyHistograms latency = LatencyHistograms.empty();
    private long cpuNanos;
    private long peakRssBytes = -1;

    /** The messages counted over the span. */
    public MessageCounts counts() {
      return counts;
    }

    /** The latencies recorded over the span. */
    public LatencyHistograms latency() {
      return latency;
    }

    /** This process's CPU time over the span, nanoseconds. */
    public long cpuNanos() {
      return cpuNanos;
    }

    /** This process's largest resident memory in the span, bytes; -1 when unknown. */
    public long peakRssBytes() {
      return peakRssBytes;
    }

    private void add(
        MessageCounts intervalCounts, LatencyHistograms histograms, long cpu, long rss) {
      counts = counts.then(intervalCounts);
      latency.add(histograms);
      cpuNanos += Math.max(0, cpu);
      peakRssBytes = Math.max(peakRssBytes, rss);
    }
  }
}
