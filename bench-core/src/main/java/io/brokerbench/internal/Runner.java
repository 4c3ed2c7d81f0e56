package io.brokerbench.internal;

import io.brokerbench.integrity.IntegrityCounts;
import io.brokerbench.integrity.SequenceTracker;
import io.brokerbench.latency.LatencyKind;
import io.brokerbench.latency.LatencyRecorder;
import io.brokerbench.rate.NanoClock;
import io.brokerbench.report.Environment;
import io.brokerbench.report.LatencySummary;
import io.brokerbench.report.ReportSink;
import io.brokerbench.report.RunResult;
import io.brokerbench.report.Totals;
import io.brokerbench.report.WorkloadSummary;
import io.brokerbench.spi.ConsumerSpec;
import io.brokerbench.spi.DestinationSpec;
import io.brokerbench.spi.Driver;
import io.brokerbench.spi.DriverDescription;
import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.OutgoingMessage;
import io.brokerbench.spi.ProducerSpec;
import io.brokerbench.workload.Workload;
import io.brokerbench.workload.WorkloadException;
import java.io.IOException;
import java.net.InetAddress;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.ToLongFunction;
import org.HdrHistogram.Histogram;

/**
 * Runs one workload against one open driver: set-up, warm-up, measurement, drain, tear-down, and
 * the result. Not API: {@link io.brokerbench.BenchmarkRun} is the public entry point.
 */
public final class Runner {
  private static final long DRAIN_POLL_NANOS = 2_000_000;
  private static final long INTERRUPTED_DRAIN_NANOS = 2_000_000_000L;

  private final Workload workload;
  private final Driver driver;
  private final NanoClock clock;
  private final List<ReportSink> sinks;
  private final int producerIdBase;
  private final RunControl control = new RunControl();
  private final RunRecorders recorders;
  private final List<ProducerTask> producers = new ArrayList<>();
  private final List<ConsumerTask> consumers = new ArrayList<>();
  private final List<io.brokerbench.spi.Consumer> driverConsumers = new ArrayList<>();
  private final List<String> sinkErrors = new ArrayList<>();
  private SequenceTracker[] trackers;
  private Map<String, Integer> consumersPerDestination = Map.of();

  /**
   * A runner.
   *
   * @param producerIdBase the first producer id stamped into messages (ids wrap at 65536)
   */
  public Runner(
      Workload workload,
      Driver driver,
      NanoClock clock,
      List<ReportSink> sinks,
      int producerIdBase) {
    this.workload = workload;
    this.driver = driver;
    this.clock = clock;
    this.sinks = new ArrayList<>(sinks);
    this.producerIdBase = producerIdBase;
    this.recorders = new RunRecorders(workload.producers() + workload.consumers());
  }

  /** Asks the run to stop now and report what it measured (Ctrl-C). Any thread. */
  public void interrupt() {
    control.interrupt();
  }

  /**
   * Runs the workload. Set-up failures throw; failures during the run end it and are reported in
   * the result's status.
   *
   * @throws DriverException when the destinations, producers or consumers cannot be set up
   */
  public RunResult run() throws DriverException {
    DriverDescription description = driver.description();
    if (workload.messageBytes() < OutgoingMessage.STAMP_BYTES && !description.headerStamp()) {
      throw new WorkloadException(
          "message size "
              + workload.messageBytes()
              + " B is below the "
              + OutgoingMessage.STAMP_BYTES
              + "-byte stamp and driver '"
              + description.driver()
              + "' cannot carry it in a header: use a size of at least "
              + OutgoingMessage.STAMP_BYTES);
    }
    List<DestinationSpec> destinations = new ArrayList<>();
    for (String name : workload.destinations().names()) {
      destinations.add(new DestinationSpec(name, workload.persistent()));
    }
    driver.declare(destinations);
    try {
      createConsumers();
      createProducers();
      return measure(description);
    } finally {
      closeAll();
    }
  }

  private void createConsumers() throws DriverException {
    Map<String, Integer> consumersPerDestination = new HashMap<>();
    for (int j = 0; j < workload.consumers(); j++) {
      consumersPerDestination.merge(workload.consumerDestination(j), 1, Integer::sum);
    }
    trackers = new SequenceTracker[workload.producers()];
    for (int i = 0; i < trackers.length; i++) {
      int sharing = consumersPerDestination.getOrDefault(workload.producerDestination(i), 0);
      trackers[i] = new SequenceTracker(sharing > 1);
    }
    for (int j = 0; j < workload.consumers(); j++) {
      ConsumerTask task =
          new ConsumerTask(
              clock, control, recorders, trackers, producerIdBase, workload.messagesPerConsumer());
      ConsumerSpec spec =
          new ConsumerSpec(
              j,
              workload.consumerDestination(j),
              workload.prefetch(),
              workload.ackMode(),
              workload.ackEvery());
      driverConsumers.add(driver.createConsumer(spec, task));
      consumers.add(task);
    }
    this.consumersPerDestination = consumersPerDestination;
  }

  private void createProducers() throws DriverException {
    for (int i = 0; i < workload.producers(); i++) {
      String destination = workload.producerDestination(i);
      ProducerTask task =
          new ProducerTask(
              i,
              (producerIdBase + i) & 0xFFFF,
              workload,
              clock,
              control,
              recorders,
              consumersPerDestination.containsKey(destination));
      ProducerSpec spec =
          new ProducerSpec(
              i,
              destination,
              workload.inFlightWindow(),
              workload.persistent(),
              workload.messageBytes());
      producers.add(task);
      task.prepare(driver.createProducer(spec, task));
    }
  }

  private RunResult measure(DriverDescription description) {
    long intervalNanos = workload.reportInterval().toNanos();
    long start = clock.nanoTime();
    long warmupIntervals = (workload.warmup().toNanos() + intervalNanos - 1) / intervalNanos;
    long warmupEnd = start + warmupIntervals * intervalNanos;
    long end =
        workload.duration() == null ? Long.MAX_VALUE : warmupEnd + workload.duration().toNanos();
    Environment environment = environment(description);
    WorkloadSummary summary = WorkloadSummary.of(workload);
    forEachSink(sink -> sink.started(environment, summary));
    IntervalCollector collector =
        new IntervalCollector(
            recorders.byKind(),
            producers,
            consumers,
            clock,
            start,
            warmupEnd,
            intervalNanos,
            (sample, histograms) -> forEachSink(sink -> sink.interval(sample, histograms)));
    ScheduledExecutorService reporter = startReporter(collector, intervalNanos);
    if (!workload.progressTimeout().isZero()) {
      watchProgress(reporter);
    }
    for (ProducerTask p : producers) {
      p.schedule(start, end);
      p.thread().start();
    }
    awaitSending(end);
    long producersStopped = clock.nanoTime();
    drain();
    stopReporter(reporter);
    collector.collect();
    RunResult result =
        result(environment, summary, collector, warmupEnd, producersStopped, intervalNanos);
    forEachSink(sink -> sink.finished(result));
    return result;
  }

  /** Closes an interval every {@code intervalNanos} of real time, whatever the run's clock. */
  private static ScheduledExecutorService startReporter(
      IntervalCollector collector, long intervalNanos) {
    ScheduledExecutorService reporter =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "brokerbench-reporter");
              t.setDaemon(true);
              return t;
            });
    reporter.scheduleAtFixedRate(
        collector::collect, intervalNanos, intervalNanos, TimeUnit.NANOSECONDS);
    return reporter;
  }

  /**
   * Fails the run when no message was sent, confirmed or received for the progress timeout, as
   * quiver's {@code --timeout} does, so a stuck broker ends the run with the results so far.
   */
  private void watchProgress(ScheduledExecutorService reporter) {
    long timeoutNanos = workload.progressTimeout().toNanos();
    long[] last = {-1, System.nanoTime()};
    reporter.scheduleWithFixedDelay(
        () -> {
          long progress = progressCount();
          long now = System.nanoTime();
          if (progress != last[0]) {
            last[0] = progress;
            last[1] = now;
          } else if (now - last[1] >= timeoutNanos && !control.stopping()) {
            control.fail(
                new DriverException(
                    "no progress for "
                        + workload.progressTimeout().toMillis() / 1000.0
                        + " s: nothing was sent, confirmed or received (is the broker stuck or the"
                        + " destination blocked?)"));
          }
        },
        100,
        100,
        TimeUnit.MILLISECONDS);
  }

  private long progressCount() {
    long count = 0;
    for (ProducerTask p : producers) {
      count += p.sent.get() + p.confirmed.sum() + p.rejected.sum() + p.failed.sum();
    }
    for (ConsumerTask c : consumers) {
      count += c.received.get();
    }
    return count;
  }

  private static void stopReporter(ScheduledExecutorService reporter) {
    reporter.shutdown();
    try {
      if (!reporter.awaitTermination(10, TimeUnit.SECONDS)) {
        reporter.shutdownNow();
      }
    } catch (InterruptedException e) {
      reporter.shutdownNow();
      Thread.currentThread().interrupt();
    }
  }

  private void awaitSending(long end) {
    if (!producers.isEmpty()) {
      for (ProducerTask p : producers) {
        joinQuietly(p.thread());
      }
      return;
    }
    while (!control.stopping() && clock.nanoTime() < end && !allConsumersReachedLimit()) {
      LockSupport.parkNanos(DRAIN_POLL_NANOS);
    }
  }

  /** Waits in real time (not the run's clock, which a test may hold still) for consumers. */
  private void drain() {
    long deadline =
        System.nanoTime()
            + (control.interrupted()
                ? Math.min(INTERRUPTED_DRAIN_NANOS, workload.drainTimeout().toNanos())
                : workload.drainTimeout().toNanos());
    while (System.nanoTime() < deadline && control.failure() == null && !drained()) {
      LockSupport.parkNanos(DRAIN_POLL_NANOS);
    }
  }

  private boolean drained() {
    long unconfirmed = 0;
    for (ProducerTask p : producers) {
      unconfirmed += p.unconfirmed();
    }
    if (unconfirmed > 0) {
      return false;
    }
    if (consumers.isEmpty() || allConsumersReachedLimit()) {
      return true;
    }
    for (int i = 0; i < producers.size(); i++) {
      ProducerTask p = producers.get(i);
      if (p.consumed() && trackers[i].unique() < p.accepted()) {
        return false;
      }
    }
    return !producers.isEmpty();
  }

  private boolean allConsumersReachedLimit() {
    if (workload.messagesPerConsumer() == 0 || consumers.isEmpty()) {
      return false;
    }
    for (ConsumerTask c : consumers) {
      if (!c.reachedLimit()) {
        return false;
      }
    }
    return true;
  }

  private RunResult result(
      Environment environment,
      WorkloadSummary summary,
      IntervalCollector collector,
      long warmupEnd,
      long producersStopped,
      long intervalNanos) {
    long lastReceive = warmupEnd;
    for (ConsumerTask c : consumers) {
      lastReceive = Math.max(lastReceive, c.lastReceiveNanos());
    }
    double sendSeconds = Math.max(0, producersStopped - warmupEnd) / 1e9;
    double receiveSeconds = Math.max(0, lastReceive - warmupEnd) / 1e9;
    long sent = collector.measuredSent();
    long received = collector.measuredReceived();
    long confirmed = collector.measuredConfirmed();
    double cpuSeconds = collector.measuredCpuNanos() / 1e9;
    long moved = Math.max(sent, received);
    Totals totals =
        new Totals(
            sendSeconds,
            receiveSeconds,
            sent,
            confirmed,
            sumOverProducers(p -> p.rejected.sum()),
            sumOverProducers(p -> p.released.sum()),
            sumOverProducers(p -> p.modified.sum()),
            sumOverProducers(p -> p.failed.sum()),
            sumOverProducers(p -> p.retried.sum()),
            sumOverProducers(p -> p.returned.sum()),
            sumOverProducers(ProducerTask::unconfirmed),
            sumOverProducers(ProducerTask::skipped),
            received,
            sendSeconds > 0 ? sent / sendSeconds : 0,
            sendSeconds > 0 ? confirmed / sendSeconds : 0,
            receiveSeconds > 0 ? received / receiveSeconds : 0,
            cpuSeconds,
            moved > 0 ? cpuSeconds * 1e6 / moved : 0,
            collector.peakRssBytes());

    Map<String, LatencySummary> latency = new LinkedHashMap<>();
    Map<LatencyKind, LatencyRecorder> byKind = recorders.byKind();
    for (Map.Entry<LatencyKind, LatencyRecorder> e : byKind.entrySet()) {
      Histogram total = collector.total(e.getKey());
      LatencyRecorder r = e.getValue();
      if (total.getTotalCount() > 0 || r.negativeCount() > 0) {
        latency.put(
            e.getKey().key(), LatencySummary.of(total, r.negativeCount(), r.clampedCount()));
      }
    }
    IntegrityCounts integrity = integrity();
    DriverException failure = control.failure();
    String status =
        failure != null ? "failed" : control.interrupted() ? "interrupted" : "completed";
    List<String> warnings = warnings(environment, totals, latency, integrity);
    return new RunResult(
        RunResult.SCHEMA,
        status,
        failure == null ? null : failure.getMessage(),
        summary,
        environment,
        totals,
        latency,
        integrity,
        collector.samples(),
        warnings);
  }

  private long sumOverProducers(ToLongFunction<ProducerTask> value) {
    long total = 0;
    for (ProducerTask p : producers) {
      total += value.applyAsLong(p);
    }
    return total;
  }

  private IntegrityCounts integrity() {
    long unique = 0;
    long lost = 0;
    long duplicates = 0;
    long redelivered = 0;
    long outOfOrder = 0;
    long foreign = 0;
    for (int i = 0; i < producers.size(); i++) {
      SequenceTracker t = trackers[i];
      unique += t.unique();
      duplicates += t.duplicates();
      redelivered += t.redelivered();
      outOfOrder += t.outOfOrder();
      if (producers.get(i).consumed()) {
        lost += t.lost(producers.get(i).accepted());
      }
    }
    for (ConsumerTask c : consumers) {
      foreign += c.foreign.get();
    }
    return new IntegrityCounts(unique, lost, duplicates, redelivered, outOfOrder, foreign);
  }

  private List<String> warnings(
      Environment env,
      Totals totals,
      Map<String, LatencySummary> latency,
      IntegrityCounts integrity) {
    List<String> warnings = new ArrayList<>();
    if (integrity.lost() > 0) {
      warnings.add(
          "LOSS: "
              + integrity.lost()
              + " message(s) accepted by the broker were never received"
              + (control.interrupted() ? " (the run was interrupted: some may be in flight)" : ""));
    }
    if (integrity.duplicates() > 0) {
      warnings.add("DUPLICATES: " + integrity.duplicates() + " message(s) received more than once");
    }
    if (integrity.foreign() > 0) {
      warnings.add(integrity.foreign() + " message(s) received that no producer of this run sent");
    }
    if (totals.unconfirmed() > 0) {
      warnings.add(totals.unconfirmed() + " message(s) were never confirmed by the broker");
    }
    if (totals.rejected() + totals.failed() + totals.returned() > 0) {
      warnings.add(
          "the broker refused "
              + (totals.rejected() + totals.failed())
              + " and returned "
              + totals.returned()
              + " message(s)");
    }
    LatencySummary e2e = latency.get(LatencyKind.END_TO_END.key());
    if (e2e != null && e2e.negative() > 0) {
      warnings.add(e2e.negative() + " negative latencies: producer and consumer clocks disagree");
    }
    if (env.embedded()) {
      warnings.add("embedded broker: smoke figures, the broker shared this machine's CPU");
    }
    if ("header".equals(env.stampLocation())) {
      warnings.add(
          "the "
              + OutgoingMessage.STAMP_BYTES
              + "-byte stamp travelled in a message header: the body is smaller");
    }
    warnings.addAll(sinkErrors);
    return warnings;
  }

  private Environment environment(DriverDescription d) {
    String version = Runner.class.getPackage().getImplementationVersion();
    return new Environment(
        d.driver(),
        d.target(),
        d.embedded(),
        d.clientLibrary(),
        workload.messageBytes() >= OutgoingMessage.STAMP_BYTES ? "body" : "header",
        Instant.now().toString(),
        hostName(),
        System.getProperty("os.name") + " " + System.getProperty("os.version"),
        Runtime.version().toString(),
        Runtime.getRuntime().availableProcessors(),
        version == null ? "dev" : version);
  }

  private static String hostName() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (IOException e) {
      return "unknown";
    }
  }

  private interface SinkCall {
    void accept(ReportSink sink) throws IOException;
  }

  private void forEachSink(SinkCall call) {
    for (var it = sinks.iterator(); it.hasNext(); ) {
      ReportSink sink = it.next();
      try {
        call.accept(sink);
      } catch (IOException | RuntimeException e) {
        sinkErrors.add("report output failed and was stopped: " + e.getMessage());
        it.remove();
        closeQuietly(sink);
      }
    }
  }

  private void closeAll() {
    control.stop();
    for (ProducerTask p : producers) {
      if (p.thread() != null && p.thread().isAlive()) {
        p.thread().interrupt();
        joinQuietly(p.thread());
      }
      closeQuietly(p.producer());
    }
    for (io.brokerbench.spi.Consumer c : driverConsumers) {
      closeQuietly(c);
    }
    for (ReportSink sink : sinks) {
      closeQuietly(sink);
    }
  }

  private static void closeQuietly(AutoCloseable closeable) {
    if (closeable == null) {
      return;
    }
    try {
      closeable.close();
    } catch (Exception e) {
      // Tear-down after the results are taken: a failure to close changes no figure.
    }
  }

  private static void joinQuietly(Thread thread) {
    boolean interrupted = false;
    while (true) {
      try {
        thread.join();
        break;
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }
}
