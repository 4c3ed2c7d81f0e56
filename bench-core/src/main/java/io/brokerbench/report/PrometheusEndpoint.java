package io.brokerbench.report;

import com.sun.net.httpserver.HttpServer;
import io.brokerbench.latency.LatencyHistograms;
import io.brokerbench.latency.LatencyKind;
import io.brokerbench.latency.LatencyRecorder;
import io.brokerbench.result.Environment;
import io.brokerbench.result.IntegrityCounts;
import io.brokerbench.result.IntervalSample;
import io.brokerbench.result.MessageCounts;
import io.brokerbench.result.MessageOutcome;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.WorkloadSummary;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.CounterSnapshot.CounterDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot.GaugeDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot.HistogramDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * Serves the run's metrics at {@code http://127.0.0.1:PORT/metrics} (or another address) in the
 * Prometheus text format (version 0.0.4), written by the Prometheus Java client's model and text
 * writer.
 *
 * <pre>{@code
 * RunResult result =
 *     BenchmarkRun.builder(workload)
 *         .driver("loopback", Map.of())
 *         .sink(new PrometheusEndpoint(9400)) // scrape http://127.0.0.1:9400/metrics
 *         .build()
 *         .run();
 * }</pre>
 *
 * <p>Every series carries the label {@code driver} (the driver's short name) from the moment the
 * run starts sending; the warm-up is included, unlike the result's totals.
 *
 * <ul>
 *   <li>{@code brokerbench_latency_seconds{kind}}: a classic histogram per {@link LatencyKind} (the
 *       label is {@link LatencyKind#key()}), over the run so far. The bucket bounds are fixed
 *       (1-2-5 steps from 10 µs to 500 s, then 600 s and {@code +Inf}), the same in every process,
 *       so {@code histogram_quantile} over {@code sum by (le)} aggregates several processes.
 *   <li>{@code brokerbench_negative_latencies_total{kind}}: values below zero (clocks of two hosts
 *       disagreeing), which no bucket holds.
 *   <li>{@code brokerbench_messages_total{outcome}}: each {@link MessageOutcome} ({@code sent},
 *       {@code confirmed}, {@code received}, what the broker did not accept, {@code retried} and
 *       {@code skipped}).
 *   <li>{@code brokerbench_messages_unconfirmed}: sent and not settled at the last interval's end.
 *   <li>{@code brokerbench_messages_lost}, {@code brokerbench_messages_duplicated}, {@code
 *       brokerbench_messages_foreign}: the run's integrity counts, served only once the run has
 *       ended, because loss is only known then.
 *   <li>{@code brokerbench_client_cpu_percent}, {@code brokerbench_client_rss_bytes}: this process.
 * </ul>
 *
 * <p>Implementation notes: measuring must not perturb the run, so nothing here depends on the
 * message rate. Each interval's HdrHistograms are added into one cumulative histogram per kind
 * (work proportional to the histogram's bucket array, not to the values recorded), the classic
 * buckets are read off in one pass over its distinct recorded values, and a complete, immutable
 * {@link MetricSnapshots} is published through a volatile field. A scrape, on the HTTP server's
 * thread, only writes that snapshot: it never reads a histogram the reporting thread is changing.
 */
public final class PrometheusEndpoint implements ReportSink {
  /**
   * Upper bounds of the latency buckets in nanoseconds: 1-2-5 steps from 10 µs to 500 s, then 10
   * minutes; a {@code +Inf} bucket holds the rest. Fixed, so that the buckets of any two processes
   * line up. A value counts in a bucket when its HdrHistogram bucket (3 significant digits) starts
   * at or below the bound, so a bound is exact to within 0.1 %.
   */
  static final long[] LATENCY_BUCKET_BOUNDS_NANOS = {
    10_000L,
    20_000L,
    50_000L,
    100_000L,
    200_000L,
    500_000L,
    1_000_000L,
    2_000_000L,
    5_000_000L,
    10_000_000L,
    20_000_000L,
    50_000_000L,
    100_000_000L,
    200_000_000L,
    500_000_000L,
    1_000_000_000L,
    2_000_000_000L,
    5_000_000_000L,
    10_000_000_000L,
    20_000_000_000L,
    50_000_000_000L,
    100_000_000_000L,
    200_000_000_000L,
    500_000_000_000L,
    600_000_000_000L
  };

  /** The bucket bounds in seconds as exported, {@code +Inf} last. */
  private static final double[] LATENCY_BUCKET_BOUNDS_SECONDS = secondsWithInfinity();

  private static final String LATENCY_HELP = latencyHelp();

  private final HttpServer server;
  private final PrometheusTextFormatWriter textFormat = new PrometheusTextFormatWriter(false);
  private final Map<LatencyKind, Histogram> runLatencies = new EnumMap<>(LatencyKind.class);
  private final long[] runNegativeLatencies = new long[LatencyKind.values().length];
  private MessageCounts runCounts = MessageCounts.ZERO;
  private double cpuPercent;
  private long rssBytes = -1;
  private Labels runLabels = Labels.EMPTY;
  private IntegrityCounts integrity;
  private volatile MetricSnapshots published = new MetricSnapshots();
  private Duration linger = Duration.ZERO;
  private boolean finished;

  /**
   * Starts serving on the loopback interface. Nothing is served until the run starts sending.
   *
   * @param port TCP port, or 0 for any free port (see {@link #port()})
   * @throws IOException when the port cannot be bound
   */
  public PrometheusEndpoint(int port) throws IOException {
    this(new InetSocketAddress("127.0.0.1", port));
  }

  /**
   * Starts serving on this address, such as {@code 0.0.0.0:9400} for a Prometheus on another host.
   * Nothing is served until the run starts sending.
   *
   * @param address the address and port to bind, port 0 for any free one (see {@link #port()})
   * @throws IOException when the address cannot be bound
   */
  public PrometheusEndpoint(InetSocketAddress address) throws IOException {
    for (LatencyKind kind : LatencyKind.values()) {
      runLatencies.put(kind, LatencyRecorder.newHistogram());
    }
    PrometheusRegistry registry = new PrometheusRegistry();
    registry.register((MultiCollector) () -> published);
    server = HttpServer.create(address, 0);
    server.createContext(
        "/metrics",
        exchange -> {
          // Closing the exchange also when writing fails, so a scraper is not left waiting.
          try (exchange) {
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            textFormat.write(body, registry.scrape());
            exchange
                .getResponseHeaders()
                .set("Content-Type", PrometheusTextFormatWriter.CONTENT_TYPE);
            exchange.sendResponseHeaders(200, body.size());
            body.writeTo(exchange.getResponseBody());
          }
        });
    server.start();
  }

  /**
   * Keeps serving the final values for this long when closed after the run finished, so that a
   * Prometheus scraping every few seconds gets them before a short-lived process (a shard, a pod)
   * ends. An interrupt cuts the wait short.
   *
   * @param linger how long, {@code Duration.ZERO} for not at all
   * @return this endpoint
   */
  public PrometheusEndpoint lingering(Duration linger) {
    this.linger = linger;
    return this;
  }

  /** The bound port. */
  public int port() {
    return server.getAddress().getPort();
  }

  @Override
  public void started(Environment environment, WorkloadSummary workload) {
    runLabels = Labels.of("driver", environment.driver());
    publish();
  }

  @Override
  public void interval(IntervalSample sample, LatencyHistograms histograms) {
    runCounts = runCounts.then(sample.counts());
    for (LatencyKind kind : LatencyKind.values()) {
      if (histograms.count(kind) == 0) {
        continue;
      }
      runLatencies.get(kind).add(histograms.histogram(kind));
      runNegativeLatencies[kind.ordinal()] += histograms.negative(kind);
    }
    cpuPercent = sample.cpuPercent();
    rssBytes = sample.rssBytes();
    publish();
  }

  @Override
  public void finished(RunResult result) {
    integrity = result.figures().integrity();
    publish();
    finished = true;
  }

  @Override
  public void close() {
    try {
      if (finished && !linger.isZero()) {
        Thread.sleep(linger.toMillis());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      server.stop(0);
    }
  }

  private void publish() {
    List<MetricSnapshot> families = new ArrayList<>();
    families.add(latencies());
    families.add(negativeLatencies());
    families.add(messages());
    families.add(
        gauge(
            "brokerbench_messages_unconfirmed",
            "Messages sent and not yet settled by the broker at the end of the last interval",
            runCounts.unconfirmed()));
    if (integrity != null) {
      families.add(
          gauge(
              "brokerbench_messages_lost",
              "Messages the broker accepted that no consumer of the run received, over the whole"
                  + " run; served once the run has ended",
              integrity.lost()));
      families.add(
          gauge(
              "brokerbench_messages_duplicated",
              "Messages received again without the broker flagging a redelivery, over the whole"
                  + " run; served once the run has ended",
              integrity.duplicates()));
      families.add(
          gauge(
              "brokerbench_messages_foreign",
              "Messages received whose stamp names no producer of this run (left in a queue, or"
                  + " sent by another process); served once the run has ended",
              integrity.foreign()));
    }
    families.add(
        gauge(
            "brokerbench_client_cpu_percent",
            "CPU used by this brokerbench process over the last interval, 100 per fully used core",
            cpuPercent));
    if (rssBytes >= 0) {
      families.add(
          gauge(
              "brokerbench_client_rss_bytes",
              "Resident set size of this brokerbench process at the end of the last interval",
              rssBytes));
    }
    published = new MetricSnapshots(families);
  }

  private HistogramSnapshot latencies() {
    HistogramSnapshot.Builder family =
        HistogramSnapshot.builder().name("brokerbench_latency_seconds").help(LATENCY_HELP);
    for (LatencyKind kind : LatencyKind.values()) {
      Histogram values = runLatencies.get(kind);
      family.dataPoint(
          HistogramDataPointSnapshot.builder()
              .labels(runLabels.add("kind", kind.key()))
              .classicHistogramBuckets(buckets(values))
              // HdrHistogram keeps no exact sum; its mean is exact to within its resolution.
              .sum(values.getMean() * values.getTotalCount() / 1e9)
              .build());
    }
    return family.build();
  }

  /**
   * The classic buckets of {@code values} in one pass over its distinct recorded values: the same
   * counts as {@code getCountBetweenValues(0, bound)} at each bound, without re-reading the
   * histogram once per bound.
   */
  private static ClassicHistogramBuckets buckets(Histogram values) {
    long[] counts = new long[LATENCY_BUCKET_BOUNDS_SECONDS.length];
    int bucket = 0;
    for (HistogramIterationValue v : values.recordedValues()) {
      long bucketStartNanos = values.lowestEquivalentValue(v.getValueIteratedTo());
      while (bucket < LATENCY_BUCKET_BOUNDS_NANOS.length
          && bucketStartNanos > LATENCY_BUCKET_BOUNDS_NANOS[bucket]) {
        bucket++;
      }
      counts[bucket] += v.getCountAtValueIteratedTo();
    }
    return ClassicHistogramBuckets.of(LATENCY_BUCKET_BOUNDS_SECONDS, counts);
  }

  private CounterSnapshot negativeLatencies() {
    CounterSnapshot.Builder family =
        CounterSnapshot.builder()
            .name("brokerbench_negative_latencies")
            .help(
                "Latency values below zero (the clocks of sender and receiver disagree), counted"
                    + " here instead of in brokerbench_latency_seconds, by kind");
    for (LatencyKind kind : LatencyKind.values()) {
      family.dataPoint(
          CounterDataPointSnapshot.builder()
              .labels(runLabels.add("kind", kind.key()))
              .value(runNegativeLatencies[kind.ordinal()])
              .build());
    }
    return family.build();
  }

  private CounterSnapshot messages() {
    CounterSnapshot.Builder family =
        CounterSnapshot.builder()
            .name("brokerbench_messages")
            .help(
                "Messages by outcome: sent (handed to the broker), confirmed (accepted by the broker),"
                    + " received (by consumers, duplicates included), rejected, released, modified"
                    + " (broker outcomes), failed (in the client), returned (unroutable); retried"
                    + " counts repeated send attempts and skipped intended sends the skip catch-up"
                    + " policy dropped");
    for (MessageOutcome outcome : MessageOutcome.values()) {
      family.dataPoint(
          CounterDataPointSnapshot.builder()
              .labels(runLabels.add("outcome", outcome.key()))
              .value(outcome.of(runCounts))
              .build());
    }
    return family.build();
  }

  private GaugeSnapshot gauge(String name, String help, double value) {
    return GaugeSnapshot.builder()
        .name(name)
        .help(help)
        .dataPoint(GaugeDataPointSnapshot.builder().labels(runLabels).value(value).build())
        .build();
  }

  private static double[] secondsWithInfinity() {
    double[] seconds = new double[LATENCY_BUCKET_BOUNDS_NANOS.length + 1];
    for (int i = 0; i < LATENCY_BUCKET_BOUNDS_NANOS.length; i++) {
      // Integer nanoseconds divided by 1e9 give the double nearest the decimal bound (1.0E-5, not
      // 1.0000000000000001E-5), so every process writes the same le="…" text.
      seconds[i] = LATENCY_BUCKET_BOUNDS_NANOS[i] / 1e9;
    }
    seconds[LATENCY_BUCKET_BOUNDS_NANOS.length] = Double.POSITIVE_INFINITY;
    return seconds;
  }

  private static String latencyHelp() {
    StringBuilder help =
        new StringBuilder("Message latency in seconds since the run started, by kind:");
    String separator = " ";
    for (LatencyKind kind : LatencyKind.values()) {
      help.append(separator).append(kind.key()).append(" = ").append(kind.label());
      separator = "; ";
    }
    return help.toString();
  }
}
