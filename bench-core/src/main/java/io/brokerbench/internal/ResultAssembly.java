package io.brokerbench.internal;

import io.brokerbench.host.HostProbes;
import io.brokerbench.internal.measure.BrokerLoadSampler;
import io.brokerbench.internal.measure.BrokerLoadSeries;
import io.brokerbench.internal.measure.IntervalCollector;
import io.brokerbench.latency.LatencyHistograms;
import io.brokerbench.result.BrokerLoad;
import io.brokerbench.result.ClockStatus;
import io.brokerbench.result.DriverSettings;
import io.brokerbench.result.Environment;
import io.brokerbench.result.GeneratorCpu;
import io.brokerbench.result.IntegrityCounts;
import io.brokerbench.result.IntervalSample;
import io.brokerbench.result.LatencySummary;
import io.brokerbench.result.MergeSources;
import io.brokerbench.result.MessageCounts;
import io.brokerbench.result.ProducerIntegrity;
import io.brokerbench.result.QueueGrowth;
import io.brokerbench.result.RunEnding;
import io.brokerbench.result.RunExtras;
import io.brokerbench.result.RunFigures;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.RunSetup;
import io.brokerbench.result.RunVerdict;
import io.brokerbench.result.RunWarnings;
import io.brokerbench.result.ScheduleSlip;
import io.brokerbench.result.SteadyWindow;
import io.brokerbench.result.StepResult;
import io.brokerbench.result.Totals;
import io.brokerbench.result.Warning;
import io.brokerbench.result.WindowFull;
import io.brokerbench.result.WorkloadSummary;
import io.brokerbench.spi.BrokerIdentity;
import io.brokerbench.spi.DriverDescription;
import io.brokerbench.threshold.Threshold;
import io.brokerbench.workload.RateStep;
import io.brokerbench.workload.Shard;
import io.brokerbench.workload.Workload;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * Turns what a run measured into its {@link RunResult}, and writes the result of a run that failed
 * before it could measure anything. Not API.
 *
 * @param workload the run's workload
 * @param shard the part of the workload the run played
 * @param driver the driver and its options in effect
 * @param commandLine the masked command line, or null
 * @param thresholds the pass/fail criteria checked on the result
 * @param probeClock whether the environment says how far this host's clock may be off, or that it
 *     is unknown
 */
public record ResultAssembly(
    Workload workload,
    Shard shard,
    DriverSettings driver,
    String commandLine,
    List<Threshold> thresholds,
    boolean probeClock) {

  /** Copies the list. */
  public ResultAssembly {
    thresholds = List.copyOf(thresholds);
  }

  /** The result with every threshold checked on it. */
  private RunResult checked(RunResult result) {
    return result.withThresholds(thresholds.stream().map(t -> t.check(result)).toList());
  }

  /**
   * The result of a run that failed before sending started: no figures, the error, and what is
   * known of the environment.
   *
   * @param description the driver's description, or null when the driver did not open
   */
  public RunResult failedBeforeStart(DriverDescription description, String error) {
    return withoutFigures(description, RunResult.FAILED, error, List.of());
  }

  /**
   * The result of a run the user interrupted before it sent anything: no figures, and a {@link
   * Warning#NOT_STARTED} saying what it was doing.
   *
   * @param description the driver's description, or null when the driver did not open
   * @param doing what the run was doing, to follow "interrupted": "while connecting to the broker"
   */
  public RunResult interruptedBeforeSending(DriverDescription description, String doing) {
    return withoutFigures(
        description,
        RunResult.INTERRUPTED,
        null,
        List.of(
            new Warning(
                Warning.NOT_STARTED,
                "NOT_STARTED: the run was interrupted "
                    + doing
                    + ", before it started sending: nothing was sent, and no send was due yet")));
  }

  private RunResult withoutFigures(
      DriverDescription description, String status, String error, List<Warning> warnings) {
    DriverDescription known =
        description != null
            ? description
            : new DriverDescription(
                driver.name(), "unknown", false, false, "unknown", BrokerIdentity.UNKNOWN);
    return checked(
        new RunResult(
            RunResult.SCHEMA,
            new RunEnding(status, error),
            setup(environment(known, Map.of())),
            RunFigures.NONE,
            RunVerdict.of(warnings),
            MergeSources.NONE,
            RunExtras.NONE));
  }

  private RunSetup setup(Environment environment) {
    return new RunSetup(commandLine, WorkloadSummary.of(workload), driver, shard, environment);
  }

  /**
   * This process's environment for a run against the described driver, whose clients connected
   * where {@code clientNodes} says; the clock probed only when {@link #probeClock}.
   */
  public Environment environment(DriverDescription known, Map<String, String> clientNodes) {
    return HostProbes.environment(
        known, stampInBody(), clientNodes, probeClock ? HostProbes.clock() : ClockStatus.UNKNOWN);
  }

  boolean stampInBody() {
    return workload.messageBytes() >= io.brokerbench.spi.OutgoingMessage.STAMP_BYTES;
  }

  /** What the run measured; its extras without the broker's load, which is assembled here. */
  record Measured(
      Environment environment,
      String status,
      String error,
      IntervalCollector collector,
      long producersStoppedNanos,
      long lastReceiveNanos,
      List<ProducerIntegrity> integrityByProducer,
      IntegrityCounts integrity,
      int competingConsumers,
      RunExtras extras,
      LatencyHistograms connectTimes,
      BrokerLoadSampler.Readings brokerReadings,
      List<Warning> moreWarnings) {}

  /** The result of a run that measured. */
  RunResult result(Measured m) {
    IntervalCollector collector = m.collector();
    long warmupEnd = collector.warmupEndNanos();
    IntervalCollector.Span measured = collector.measured();
    Totals totals = totals(measured, warmupEnd, m.producersStoppedNanos(), m.lastReceiveNanos());
    // Idle connections open before the first interval: their open times join the totals only.
    Map<String, LatencySummary> latency =
        LatencySummary.allWithHistograms(measured.latency().plus(m.connectTimes()));
    List<StepResult> steps = steps(collector, m);
    List<Warning> warnings = new ArrayList<>();
    // Warnings look at the whole run, warm-up included: a warm-up hides no failure.
    MessageCounts wholeRun = MessageCounts.ZERO;
    for (IntervalSample interval : collector.samples()) {
      wholeRun = wholeRun.then(interval.counts());
    }
    warnings.addAll(
        RunWarnings.of(
            m.environment(),
            wholeRun,
            workload.inFlightWindow() > 0,
            latency,
            m.integrity(),
            !RunResult.COMPLETED.equals(m.status()),
            m.competingConsumers()));
    if (m.extras().flowControl().happened()) {
      warnings.add(
          new Warning(
              Warning.FLOW_CONTROL,
              "FLOW_CONTROL: "
                  + m.extras().flowControl().describe()
                  + ": the rates and latencies include that time"));
    }
    warnings.addAll(m.extras().connectionLosses().warnings());
    if (m.extras().requestReply().troubled()) {
      warnings.add(
          new Warning(
              Warning.REQUEST_REPLY, "REQUEST_REPLY: " + m.extras().requestReply().describe()));
    }
    warnings.addAll(m.extras().connections().warnings());
    if (consumersAreThoseOfTheProducers()) {
      Warning grew = QueueGrowth.of(collector.samples());
      if (grew != null) {
        warnings.add(grew);
      }
    }
    Stream.of(
            ScheduleSlip.of(latency),
            WindowFull.of(totals.counts(), workload.inFlightWindow()),
            GeneratorCpu.of(collector.samples(), m.environment().cores()),
            workload.backlog().enabled() ? null : SteadyWindow.of(collector.samples()))
        .filter(Objects::nonNull)
        .forEach(warnings::add);
    warnings.addAll(m.moreWarnings());
    List<IntervalSample> intervals = collector.samples();
    BrokerLoad brokerLoad = BrokerLoad.NONE;
    if (m.brokerReadings() != null) {
      BrokerLoadSeries broker = new BrokerLoadSeries(m.brokerReadings(), collector.startNanos());
      intervals = broker.intervals(intervals);
      brokerLoad = broker.summary((warmupEnd - collector.startNanos()) / 1e9, intervals);
      Warning unread = broker.warning();
      if (unread != null) {
        warnings.add(unread);
      }
    }
    return checked(
        new RunResult(
            RunResult.SCHEMA,
            new RunEnding(m.status(), m.error()),
            setup(m.environment()),
            new RunFigures(
                totals, latency, m.integrity(), m.integrityByProducer(), steps, intervals),
            RunVerdict.of(warnings),
            MergeSources.NONE,
            m.extras().withBrokerLoad(brokerLoad)));
  }

  /**
   * True when what this process's consumers receive is what its producers send: both run here, in a
   * whole run (a shard's consumers read other shards' messages too), and no backlog is being filled
   * on purpose, no replier answers requests.
   */
  private boolean consumersAreThoseOfTheProducers() {
    return workload.producers() > 0
        && workload.consumers() > 0
        && shard.count() == 1
        && !workload.backlog().enabled()
        && !workload.requestReply().enabled();
  }

  private static Totals totals(
      IntervalCollector.Span span, long fromNanos, long sendEndNanos, long receiveEndNanos) {
    double sendSeconds = Math.max(0, sendEndNanos - fromNanos) / 1e9;
    double receiveSeconds = Math.max(0, receiveEndNanos - fromNanos) / 1e9;
    return Totals.of(
        span.counts(), sendSeconds, receiveSeconds, span.cpuNanos(), span.peakRssBytes());
  }

  private List<StepResult> steps(IntervalCollector collector, Measured m) {
    List<RateStep> rateSteps = workload.rate().steps();
    List<IntervalCollector.Span> spans = collector.steps();
    long start = collector.startNanos();
    long warmupEnd = collector.warmupEndNanos();
    List<StepResult> steps = new ArrayList<>();
    for (int i = 0; i < rateSteps.size(); i++) {
      RateStep step = rateSteps.get(i);
      long stepStart = start + workload.rate().stepStart(i).toNanos();
      boolean last = i == rateSteps.size() - 1;
      long stepEnd = last ? Long.MAX_VALUE : stepStart + step.duration().toNanos();
      long from = Math.max(stepStart, warmupEnd);
      if (from >= m.producersStoppedNanos() && i > 0) {
        break;
      }
      long sendEnd = Math.min(stepEnd, m.producersStoppedNanos());
      long receiveEnd = last ? m.lastReceiveNanos() : Math.min(stepEnd, m.lastReceiveNanos());
      IntervalCollector.Span span = spans.get(i);
      steps.add(
          new StepResult(
              i,
              step.unlimited() ? 0 : step.messagesPerSecond(),
              (stepStart - start) / 1e9,
              (Math.min(stepEnd, Math.max(sendEnd, receiveEnd)) - start) / 1e9,
              totals(span, from, sendEnd, receiveEnd),
              LatencySummary.allWithHistograms(span.latency())));
    }
    return steps;
  }
}
