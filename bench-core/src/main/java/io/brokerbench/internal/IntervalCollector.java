package io.brokerbench.internal;

import io.brokerbench.latency.LatencyKind;
import io.brokerbench.latency.LatencyRecorder;
import io.brokerbench.rate.NanoClock;
import io.brokerbench.report.IntervalSample;
import io.brokerbench.report.LatencySummary;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.ToLongFunction;
import org.HdrHistogram.Histogram;

/**
 * Closes one interval at a time: swaps the recorders' interval histograms, turns counter deltas
 * into rates, samples CPU and RSS, and adds everything after the warm-up to the run's totals.
 * {@link #collect} is called by the reporting thread and once more at the end of the run.
 */
final class IntervalCollector {
  private final Map<LatencyKind, LatencyRecorder> recorders;
  private final List<ProducerTask> producers;
  private final List<ConsumerTask> consumers;
  private final NanoClock clock;
  private final long startNanos;
  private final long warmupEndNanos;
  private final long intervalNanos;
  private final BiConsumer<IntervalSample, Map<LatencyKind, Histogram>> listener;
  private final ProcessSampler process = new ProcessSampler();

  private final Map<LatencyKind, Histogram> totals = new EnumMap<>(LatencyKind.class);
  private final List<IntervalSample> samples = new ArrayList<>();
  private long previousNanos;
  private long previousSent;
  private long previousConfirmed;
  private long previousReceived;
  private long previousRejected;
  private long previousFailed;
  private long previousRetried;
  private long previousCpuNanos;
  private long measuredSent;
  private long measuredConfirmed;
  private long measuredReceived;
  private long measuredCpuNanos;
  private long peakRssBytes = -1;

  IntervalCollector(
      Map<LatencyKind, LatencyRecorder> recorders,
      List<ProducerTask> producers,
      List<ConsumerTask> consumers,
      NanoClock clock,
      long startNanos,
      long warmupEndNanos,
      long intervalNanos,
      BiConsumer<IntervalSample, Map<LatencyKind, Histogram>> listener) {
    this.recorders = recorders;
    this.producers = producers;
    this.consumers = consumers;
    this.clock = clock;
    this.startNanos = startNanos;
    this.warmupEndNanos = warmupEndNanos;
    this.intervalNanos = intervalNanos;
    this.listener = listener;
    this.previousNanos = startNanos;
    this.previousCpuNanos = process.cpuNanos();
    for (LatencyKind kind : LatencyKind.values()) {
      totals.put(kind, LatencyRecorder.newHistogram());
    }
  }

  /** Closes the interval ending now. */
  synchronized void collect() {
    long now = clock.nanoTime();
    long sent = sum(producers, p -> p.sent.get());
    long confirmed = sum(producers, p -> p.confirmed.sum());
    long received = sum(consumers, c -> c.received.get());
    long rejected = sum(producers, p -> p.rejected.sum());
    long failed = sum(producers, p -> p.failed.sum());
    long retried = sum(producers, p -> p.retried.sum());
    long cpu = process.cpuNanos();
    long rss = process.rssBytes();
    // Intervals end on multiples of the interval from the start, a little late when the reporter
    // thread is: half an interval of tolerance puts the one ending at the warm-up's end inside it.
    boolean warmup = warmupEndNanos > startNanos && now < warmupEndNanos + intervalNanos / 2;
    double seconds = (now - previousNanos) / 1e9;

    Map<LatencyKind, Histogram> histograms = new EnumMap<>(LatencyKind.class);
    Map<String, LatencySummary> latency = new LinkedHashMap<>();
    for (Map.Entry<LatencyKind, LatencyRecorder> e : recorders.entrySet()) {
      Histogram h = e.getValue().intervalHistogram();
      histograms.put(e.getKey(), h);
      if (h.getTotalCount() > 0) {
        latency.put(e.getKey().key(), LatencySummary.of(h, 0, 0));
      }
      if (!warmup) {
        totals.get(e.getKey()).add(h);
      }
    }
    if (!warmup) {
      measuredSent += sent - previousSent;
      measuredConfirmed += confirmed - previousConfirmed;
      measuredReceived += received - previousReceived;
      measuredCpuNanos += cpu - previousCpuNanos;
    }
    peakRssBytes = Math.max(peakRssBytes, rss);
    IntervalSample sample =
        new IntervalSample(
            samples.size(),
            (previousNanos - startNanos) / 1e9,
            (now - startNanos) / 1e9,
            warmup,
            sent - previousSent,
            confirmed - previousConfirmed,
            received - previousReceived,
            rejected - previousRejected,
            failed - previousFailed,
            retried - previousRetried,
            rate(sent - previousSent, seconds),
            rate(confirmed - previousConfirmed, seconds),
            rate(received - previousReceived, seconds),
            latency,
            seconds > 0 ? (cpu - previousCpuNanos) / 1e9 / seconds * 100 : 0,
            rss);
    samples.add(sample);
    previousNanos = now;
    previousSent = sent;
    previousConfirmed = confirmed;
    previousReceived = received;
    previousRejected = rejected;
    previousFailed = failed;
    previousRetried = retried;
    previousCpuNanos = cpu;
    listener.accept(sample, histograms);
  }

  private static <T> long sum(List<T> tasks, ToLongFunction<T> value) {
    long total = 0;
    for (T t : tasks) {
      total += value.applyAsLong(t);
    }
    return total;
  }

  private static double rate(long count, double seconds) {
    return seconds > 0 ? count / seconds : 0;
  }

  synchronized List<IntervalSample> samples() {
    return List.copyOf(samples);
  }

  synchronized Histogram total(LatencyKind kind) {
    return totals.get(kind);
  }

  synchronized long measuredSent() {
    return measuredSent;
  }

  synchronized long measuredConfirmed() {
    return measuredConfirmed;
  }

  synchronized long measuredReceived() {
    return measuredReceived;
  }

  synchronized long measuredCpuNanos() {
    return measuredCpuNanos;
  }

  synchronized long peakRssBytes() {
    return peakRssBytes;
  }
}
