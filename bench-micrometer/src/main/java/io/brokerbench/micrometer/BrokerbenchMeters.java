package io.brokerbench.micrometer;

import io.brokerbench.latency.LatencyHistograms;
import io.brokerbench.latency.LatencyKind;
import io.brokerbench.latency.LatencyRecorder;
import io.brokerbench.report.ReportSink;
import io.brokerbench.result.Environment;
import io.brokerbench.result.IntegrityCounts;
import io.brokerbench.result.IntervalSample;
import io.brokerbench.result.MessageCounts;
import io.brokerbench.result.MessageOutcome;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.WorkloadSummary;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.FunctionTimer;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.TimeGauge;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.ToDoubleFunction;
import org.HdrHistogram.Histogram;

/**
 * Publishes a run's figures into a Micrometer {@link MeterRegistry} as the run goes, under the
 * names and labels of brokerbench's own Prometheus endpoint: counts by outcome, unconfirmed, lost,
 * duplicated and foreign messages, the client's CPU and memory, and each latency kind as a
 * distribution. Bind it to the registry and add it to runs as a sink:
 *
 * <pre>{@code
 * BrokerbenchMeters meters = new BrokerbenchMeters();
 * meters.bindTo(registry); // Spring Boot binds a MeterBinder bean itself
 * RunResult result =
 *     BenchmarkRun.builder(workload).driver("amqp091", options).sink(meters).build().run();
 * }</pre>
 *
 * <p>Every meter is tagged {@code driver}; the latency meters also {@code kind} ({@code e2e},
 * {@code confirm}, … as in {@code result.json}). A latency kind is a {@code FunctionTimer} {@code
 * brokerbench.latency} (count and total, {@code brokerbench_latency_seconds_count} and {@code _sum}
 * in Prometheus, as the built-in endpoint's histogram), a {@code brokerbench.latency.max} and a
 * {@code brokerbench.latency.percentile} per {@code quantile} (0.5, 0.9, 0.99, 0.999) read off the
 * run's histogram: Micrometer takes no recorded buckets, and recording each message into a
 * Micrometer timer would put work on the send and receive path. Like the built-in endpoint, the
 * figures include the warm-up; lost, duplicated and foreign are NaN until the run has ended, when
 * loss is known. The meters keep the last run's final values until the next run of the same driver.
 *
 * <p>Implementation notes: the run's reporting thread adds each interval's histograms into the
 * run's own and publishes an immutable {@link Figures} into a concurrent map; the registry's
 * meters, read on whatever thread publishes metrics, only read that. One instance follows one run
 * at a time.
 */
public final class BrokerbenchMeters implements MeterBinder, ReportSink {
  /** The quantiles published as {@code brokerbench.latency.percentile}. */
  static final List<Double> QUANTILES = List.of(0.5, 0.9, 0.99, 0.999);

  private final Map<String, Figures> byDriver = new ConcurrentHashMap<>();
  private final Set<String> drivers = new LinkedHashSet<>();
  private final Map<LatencyKind, Histogram> runLatencies = new EnumMap<>(LatencyKind.class);
  private final long[] runNegatives = new long[LatencyKind.values().length];
  private volatile MeterRegistry registry;
  private String driver;
  private MessageCounts runCounts = MessageCounts.ZERO;
  private double cpuPercent;
  private long rssBytes = -1;

  /** A binder with nothing to publish until a run it is a sink of starts. */
  public BrokerbenchMeters() {
    for (LatencyKind kind : LatencyKind.values()) {
      runLatencies.put(kind, LatencyRecorder.newHistogram());
    }
  }

  @Override
  public synchronized void bindTo(MeterRegistry registry) {
    this.registry = registry;
    for (String d : drivers) {
      register(registry, d);
    }
  }

  @Override
  public void started(Environment environment, WorkloadSummary workload) {
    driver = environment.driver();
    runCounts = MessageCounts.ZERO;
    for (Histogram h : runLatencies.values()) {
      h.reset();
    }
    Arrays.fill(runNegatives, 0);
    cpuPercent = 0;
    rssBytes = -1;
    publish(null);
    synchronized (this) {
      if (drivers.add(driver) && registry != null) {
        register(registry, driver);
      }
    }
  }

  @Override
  public void interval(IntervalSample sample, LatencyHistograms histograms) {
    runCounts = runCounts.then(sample.counts());
    for (LatencyKind kind : LatencyKind.values()) {
      if (histograms.count(kind) == 0) {
        continue;
      }
      runLatencies.get(kind).add(histograms.histogram(kind));
      runNegatives[kind.ordinal()] += histograms.negative(kind);
    }
    cpuPercent = sample.cpuPercent();
    rssBytes = sample.rssBytes();
    publish(null);
  }

  @Override
  public void finished(RunResult result) {
    publish(result.figures().integrity());
  }

  private void publish(IntegrityCounts integrity) {
    Map<LatencyKind, Latency> latency = new EnumMap<>(LatencyKind.class);
    for (LatencyKind kind : LatencyKind.values()) {
      latency.put(kind, Latency.of(runLatencies.get(kind), runNegatives[kind.ordinal()]));
    }
    byDriver.put(driver, new Figures(runCounts, latency, cpuPercent, rssBytes, integrity));
  }

  /** The figures of the last run of this driver, or of none. */
  private Figures figures(String d) {
    return byDriver.getOrDefault(d, Figures.NONE);
  }

  private void register(MeterRegistry registry, String d) {
    Tags tags = Tags.of("driver", d);
    for (MessageOutcome outcome : MessageOutcome.values()) {
      FunctionCounter.builder("brokerbench.messages", this, m -> outcome.of(m.figures(d).counts()))
          .tags(tags.and("outcome", outcome.key()))
          .description("Messages by outcome, warm-up included")
          .register(registry);
    }
    gauge("brokerbench.messages.unconfirmed", tags, f -> f.counts().unconfirmed(), d)
        .description("Messages sent and not yet settled at the end of the last interval")
        .register(registry);
    gauge("brokerbench.messages.lost", tags, f -> f.integrity(IntegrityCounts::lost), d)
        .description("Messages the broker accepted that no consumer received; NaN until the end")
        .register(registry);
    gauge("brokerbench.messages.duplicated", tags, f -> f.integrity(IntegrityCounts::duplicates), d)
        .description("Messages received again without a redelivery flag; NaN until the end")
        .register(registry);
    gauge("brokerbench.messages.foreign", tags, f -> f.integrity(IntegrityCounts::foreign), d)
        .description("Messages whose stamp names no producer of the run; NaN until the end")
        .register(registry);
    gauge("brokerbench.client.cpu.percent", tags, Figures::cpuPercent, d)
        .description("CPU used by this process over the last interval, 100 per core")
        .register(registry);
    gauge("brokerbench.client.rss", tags, f -> f.rssBytes() < 0 ? Double.NaN : f.rssBytes(), d)
        .baseUnit("bytes")
        .description("Resident set size of this process at the end of the last interval")
        .register(registry);
    for (LatencyKind kind : LatencyKind.values()) {
      Tags kindTags = tags.and("kind", kind.key());
      FunctionTimer.builder(
              "brokerbench.latency",
              this,
              m -> m.figures(d).latency(kind).count(),
              m -> m.figures(d).latency(kind).totalNanos(),
              TimeUnit.NANOSECONDS)
          .tags(kindTags)
          .description(kind.label())
          .register(registry);
      TimeGauge.builder(
              "brokerbench.latency.max",
              this,
              TimeUnit.NANOSECONDS,
              m -> m.figures(d).latency(kind).maxNanos())
          .tags(kindTags)
          .description("The largest " + kind.label())
          .register(registry);
      for (int q = 0; q < QUANTILES.size(); q++) {
        int quantile = q;
        TimeGauge.builder(
                "brokerbench.latency.percentile",
                this,
                TimeUnit.NANOSECONDS,
                m -> m.figures(d).latency(kind).quantileNanos(quantile))
            .tags(kindTags.and("quantile", QUANTILES.get(q).toString()))
            .description(kind.label() + " at this quantile")
            .register(registry);
      }
      FunctionCounter.builder(
              "brokerbench.negative.latencies", this, m -> m.figures(d).latency(kind).negative())
          .tags(kindTags)
          .description("Values below zero (the clocks of two hosts disagreeing)")
          .register(registry);
    }
  }

  private Gauge.Builder<BrokerbenchMeters> gauge(
      String name, Tags tags, ToDoubleFunction<Figures> value, String d) {
    return Gauge.builder(name, this, m -> value.applyAsDouble(m.figures(d))).tags(tags);
  }

  /**
   * What the meters read: the run so far, made on the reporting thread.
   *
   * @param counts the messages by outcome, cumulative
   * @param latency each kind's distribution so far
   * @param cpuPercent this process's CPU over the last interval
   * @param rssBytes its resident set size, -1 when unknown
   * @param integrity the run's integrity counts once it has ended, else null
   */
  record Figures(
      MessageCounts counts,
      Map<LatencyKind, Latency> latency,
      double cpuPercent,
      long rssBytes,
      IntegrityCounts integrity) {
    static final Figures NONE = new Figures(MessageCounts.ZERO, Map.of(), 0, -1, null);

    double integrity(ToDoubleFunction<IntegrityCounts> count) {
      return integrity == null ? Double.NaN : count.applyAsDouble(integrity);
    }

    Latency latency(LatencyKind kind) {
      return latency.getOrDefault(kind, Latency.NONE);
    }
  }

  /**
   * One latency kind so far, in nanoseconds.
   *
   * @param count values recorded
   * @param totalNanos their sum (HdrHistogram keeps no exact sum: its mean times the count, exact
   *     to within its resolution, as the built-in endpoint's {@code _sum})
   * @param maxNanos the largest value, 0 without values
   * @param quantileNanos the value at each of {@link #QUANTILES}
   * @param negative values below zero, which the histogram does not hold
   */
  record Latency(
      long count, double totalNanos, double maxNanos, double[] quantileNanos, long negative) {
    static final Latency NONE = new Latency(0, 0, 0, new double[QUANTILES.size()], 0);

    static Latency of(Histogram h, long negative) {
      long count = h.getTotalCount();
      double[] quantiles = new double[QUANTILES.size()];
      for (int q = 0; q < quantiles.length && count > 0; q++) {
        quantiles[q] = h.getValueAtPercentile(QUANTILES.get(q) * 100);
      }
      return new Latency(
          count, h.getMean() * count, count == 0 ? 0 : h.getMaxValue(), quantiles, negative);
    }

    double quantileNanos(int index) {
      return quantileNanos[index];
    }
  }
}
