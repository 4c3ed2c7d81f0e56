package io.brokerbench.scenario;

import static io.brokerbench.workload.WorkloadOption.COUNT;
import static io.brokerbench.workload.WorkloadOption.DURATION;
import static io.brokerbench.workload.WorkloadOption.PMESSAGES;
import static io.brokerbench.workload.WorkloadOption.RATE;
import static io.brokerbench.workload.WorkloadOption.WARMUP;

import io.brokerbench.BenchmarkRun;
import io.brokerbench.latency.LatencyKind;
import io.brokerbench.result.IntervalSample;
import io.brokerbench.result.LatencySummary;
import io.brokerbench.result.MessageCounts;
import io.brokerbench.result.RunResult;
import io.brokerbench.spi.DriverException;
import io.brokerbench.workload.WorkloadSpec;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A {@link RateProbe} that runs a cell's workload with {@link BenchmarkRun} at the target rate, for
 * the probe's duration after its own warm-up (a count in the workload is dropped: a probe lasts a
 * time).
 */
public final class BenchmarkProbe implements RateProbe {
  private static final double EPSILON_SECONDS = 1e-6;

  private final WorkloadSpec workload;
  private final String driver;
  private final Map<String, String> driverOptions;
  private final MaxRateSettings settings;
  private final Duration warmup;
  private final Consumer<BenchmarkRun> running;

  /**
   * A probe of this workload and driver.
   *
   * @param running told of each probe's run while it runs (to interrupt it), and of null after
   */
  public BenchmarkProbe(
      WorkloadSpec workload,
      String driver,
      Map<String, String> driverOptions,
      MaxRateSettings settings,
      Consumer<BenchmarkRun> running) {
    this.workload = workload;
    this.driver = driver;
    this.driverOptions = Map.copyOf(driverOptions);
    this.settings = settings;
    this.warmup = settings.warmup();
    this.running = running;
  }

  @Override
  public ProbeMeasurement probe(double targetPerSecond) throws InterruptedException {
    WorkloadSpec spec =
        workload
            .with(COUNT, null)
            .with(PMESSAGES, null)
            .overriddenBy(
                WorkloadSpec.empty()
                    .with(RATE, targetPerSecond)
                    .with(DURATION, settings.probeDuration(targetPerSecond))
                    .with(WARMUP, warmup));
    BenchmarkRun run =
        BenchmarkRun.builder(spec.toWorkload()).driver(driver, driverOptions).build();
    running.accept(run);
    RunResult result;
    try {
      result = run.run();
    } catch (DriverException | RuntimeException e) {
      return ProbeMeasurement.failed(targetPerSecond, e.getMessage());
    } finally {
      running.accept(null);
    }
    if (result.ending().status().equals(RunResult.INTERRUPTED)) {
      throw new InterruptedException("max-rate search interrupted");
    }
    if (!result.completed()) {
      return ProbeMeasurement.failed(targetPerSecond, result.ending().error());
    }
    return measure(targetPerSecond, result, warmup.toNanos() / 1e9);
  }

  /**
   * The probe's figures: rates over the intervals while producers were sending (receiving during
   * the drain that follows does not count as keeping up), latencies over the whole measured span (a
   * backlog's wait shows in them).
   */
  static ProbeMeasurement measure(double targetPerSecond, RunResult result, double warmupSeconds) {
    double sendEnd = warmupSeconds + result.figures().totals().sendSeconds() + EPSILON_SECONDS;
    List<IntervalSample> sending =
        result.figures().intervals().stream()
            .filter(i -> !i.warmup() && i.endSeconds() <= sendEnd)
            .toList();
    MessageCounts counts = MessageCounts.ZERO;
    double seconds = 0;
    for (IntervalSample interval : sending) {
      counts = counts.plus(interval.counts());
      seconds += interval.seconds();
    }
    long unconfirmedGrowth = 0;
    if (sending.size() > 1) {
      unconfirmedGrowth =
          sending.get(sending.size() - 1).counts().unconfirmed()
              - sending.get(0).counts().unconfirmed();
    }
    if (sending.isEmpty()) {
      // A probe shorter than an interval: the totals are all there is.
      counts = result.figures().totals().counts();
      seconds = result.figures().totals().sendSeconds();
    }
    Map<String, Double> latency = new LinkedHashMap<>();
    for (LatencyKind kind :
        List.of(LatencyKind.END_TO_END, LatencyKind.SCHEDULE_SLIP, LatencyKind.CONFIRM)) {
      LatencySummary summary = result.figures().latency().get(kind.key());
      if (summary != null && summary.count() > 0) {
        latency.put(kind.key() + ".p50", summary.p50Micros());
        latency.put(kind.key() + ".p90", summary.p90Micros());
        latency.put(kind.key() + ".p99", summary.p99Micros());
        latency.put(kind.key() + ".p999", summary.p999Micros());
        latency.put(kind.key() + ".max", summary.maxMicros());
      }
    }
    return new ProbeMeasurement(
        targetPerSecond,
        seconds > 0 ? counts.sent() / seconds : 0,
        seconds > 0 ? counts.received() / seconds : 0,
        counts.sent(),
        counts.received(),
        Math.max(0, unconfirmedGrowth),
        latency,
        null);
  }
}
