package io.brokerbench.internal;

import io.brokerbench.StartGate;
import io.brokerbench.internal.events.ConnectionLossLog;
import io.brokerbench.internal.events.FlowControlLog;
import io.brokerbench.internal.measure.BrokerLoadSampler;
import io.brokerbench.internal.measure.IntervalCollector;
import io.brokerbench.internal.measure.IntervalReporter;
import io.brokerbench.internal.measure.PauseDetector;
import io.brokerbench.internal.measure.RunRecorders;
import io.brokerbench.internal.measure.SinkFanout;
import io.brokerbench.internal.phase.BacklogPhase;
import io.brokerbench.internal.phase.ConnectionPhase;
import io.brokerbench.internal.phase.DestinationDepth;
import io.brokerbench.internal.phase.EndOfRun;
import io.brokerbench.internal.phase.ForeignConsumerCheck;
import io.brokerbench.internal.phase.LossCheck;
import io.brokerbench.internal.phase.ProgressWatchdog;
import io.brokerbench.internal.phase.StartBoundary;
import io.brokerbench.internal.send.ProducerTask;
import io.brokerbench.latency.LatencyHistograms;
import io.brokerbench.rate.NanoClock;
import io.brokerbench.result.BacklogResult;
import io.brokerbench.result.BrokerLoad;
import io.brokerbench.result.ConnectionsResult;
import io.brokerbench.result.Environment;
import io.brokerbench.result.RunExtras;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.Warning;
import io.brokerbench.result.WorkloadSummary;
import io.brokerbench.spi.BrokerLoadReader;
import io.brokerbench.spi.DestinationSpec;
import io.brokerbench.spi.Driver;
import io.brokerbench.spi.DriverDescription;
import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.OutgoingMessage;
import io.brokerbench.workload.Shard;
import io.brokerbench.workload.ShardLayout;
import io.brokerbench.workload.Workload;
import io.brokerbench.workload.WorkloadException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Runs one workload (or one shard of it) against one open driver: set-up, warm-up, measurement,
 * drain and tear-down. The result is assembled by {@link ResultAssembly}; the report sinks are
 * called through a {@link SinkFanout} the caller owns. Not API: {@link io.brokerbench.BenchmarkRun}
 * is the public entry point.
 */
public final class Runner {
  private final Workload workload;
  private final Shard shard;
  private final ShardLayout layout;
  private final Driver driver;
  private final NanoClock clock;
  private final SinkFanout sinks;
  private final ResultAssembly assembly;
  private final StartGate startGate;
  private final RunControl control = new RunControl();
  private final FlowControlLog flowControl;
  private final ConnectionLossLog losses;
  private final boolean refuseBusyQueues;
  private Warning foreignConsumers;
  private final RunRecorders recorders;
  private final RunClients clients;
  private final Participants participants;
  private ConnectionPhase idleConnections;
  // Only on the system's clock: a run on an injected clock is a test, whose process stalls are not
  // the run's.
  private PauseDetector pauses;
  private final BrokerLoadReader brokerLoadReader;
  private BrokerLoadSampler brokerLoad;
  private DriverDescription description;

  /**
   * A runner.
   *
   * @param shard the part of the workload this run plays; producer ids are {@code producerIdBase}
   *     plus the global producer index (wrapping at 65536)
   * @param startGate asked, once set up, when sending starts (shards of one workload share it)
   * @param refuseBusyQueues fail the set-up when a destination has consumers not of this run,
   *     rather than warn of them
   * @param brokerLoad what reads the broker's own load through the run, or null not to read it
   */
  public Runner(
      Workload workload,
      Shard shard,
      Driver driver,
      NanoClock clock,
      SinkFanout sinks,
      ResultAssembly assembly,
      int producerIdBase,
      StartGate startGate,
      boolean refuseBusyQueues,
      BrokerLoadReader brokerLoad) {
    shard.check(workload);
    this.workload = workload;
    this.shard = shard;
    this.layout = new ShardLayout(workload, shard);
    this.driver = driver;
    this.clock = clock;
    this.sinks = sinks;
    this.assembly = assembly;
    this.startGate = startGate;
    this.refuseBusyQueues = refuseBusyQueues;
    this.brokerLoadReader = brokerLoad;
    this.recorders =
        new RunRecorders(
            workload.producers()
                + workload.consumers()
                + (workload.connections().sending() ? 1 : 0));
    this.flowControl = new FlowControlLog(clock);
    this.losses = new ConnectionLossLog(clock);
    this.clients =
        new RunClients(
            workload,
            shard,
            layout,
            driver,
            new RunClients.Context(clock, control, recorders, flowControl, losses),
            producerIdBase);
    this.participants = clients.participants();
  }

  /** Asks the run to stop now and report what it measured (Ctrl-C). Any thread. */
  public void interrupt() {
    control.interrupt(clock.nanoTime());
  }

  /** The driver's description once the run asked for it, or null. */
  public DriverDescription description() {
    return description;
  }

  /**
   * Runs the workload. Set-up failures throw; failures during the run end it and are reported in
   * the result's status.
   *
   * @throws DriverException when the destinations, producers or consumers cannot be set up
   */
  public RunResult run() throws DriverException {
    description = driver.description();
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
    if (workload.connections().enabled()) {
      ConnectionPhase.checkFileLimit(workload.connections().count());
    }
    if (workload.producers() + workload.consumers() > 0) {
      List<DestinationSpec> destinations = new ArrayList<>();
      for (int d = 0; d < layout.destinations(); d++) {
        destinations.add(new DestinationSpec(layout.name(d), workload.persistent()));
      }
      // Before declaring: a queue refused is then not one the run declared, and deletes at its end.
      foreignConsumers = ForeignConsumerCheck.check(layout, driver::consumersOf, refuseBusyQueues);
      if (foreignConsumers != null) {
        sinks.each(sink -> sink.notice(foreignConsumers.message()));
      }
      driver.declare(destinations);
    }
    try {
      if (workload.connections().enabled()) {
        idleConnections =
            new ConnectionPhase(
                workload.connections(),
                driver,
                clock,
                control,
                line -> sinks.each(sink -> sink.notice(line)));
        idleConnections.open();
      }
      clients.createConsumers();
      clients.createProducers();
      if (workload.connections().sending()) {
        clients.createConnectionTraffic(idleConnections.held());
      }
      return measure();
    } finally {
      closeAll();
      closeIdleConnections();
    }
  }

  /** Closes the idle connections, once: at the end of measuring, or when set-up failed. */
  private void closeIdleConnections() {
    if (idleConnections != null && !idleConnections.closed()) {
      idleConnections.close();
    }
  }

  private RunResult measure() throws DriverException {
    long intervalNanos = workload.reportInterval().toNanos();
    long waitFrom = clock.nanoTime();
    Instant startAt = awaitGate();
    Set<Integer> here = startGate.shardsOnThisHost();
    if (here != null && here.size() < shard.count()) {
      boolean[] oneHost = shard.producersOf(here, layout.globalProducers());
      participants.consumers().forEach(c -> c.timeOneHostPairs(oneHost));
    }
    // Shards start on an interval boundary, so that their intervals line up and merge one by one;
    // a whole run starts at once rather than wait up to an interval for one.
    long start =
        shard.count() > 1 || startAt != null
            ? StartBoundary.await(clock, control, intervalNanos, startAt)
            : clock.nanoTime();
    if (control.interruptedAtNanos() < start && idleConnections == null) {
      // No send was due yet: nothing to send, and nothing unsent. (A run holding idle connections
      // goes on to its end below, which reports the connections opened so far and closes them.)
      RunResult result =
          assembly.interruptedBeforeSending(
              description,
              startAt != null && control.interruptedAtNanos() >= waitFrom
                  ? String.format(
                      Locale.ROOT,
                      "while it waited for its start time %s (%.1f s ahead)",
                      startAt,
                      (start - control.interruptedAtNanos()) / 1e9)
                  : "while it was setting up");
      sinks.each(sink -> sink.finished(result));
      return result;
    }
    BacklogPhase backlog = clients.backlog();
    long warmupIntervals = (workload.warmup().toNanos() + intervalNanos - 1) / intervalNanos;
    long warmupEnd = start + warmupIntervals * intervalNanos;
    long end =
        workload.duration() == null ? Long.MAX_VALUE : warmupEnd + workload.duration().toNanos();
    Environment environment = assembly.environment(description, driver.clientNodes());
    WorkloadSummary summary = WorkloadSummary.of(workload);
    sinks.each(sink -> sink.started(environment, summary));
    for (ProducerTask p : participants.producers()) {
      p.schedule(start, end);
    }
    IntervalCollector collector =
        new IntervalCollector(
            recorders,
            participants::counts,
            clock,
            start,
            intervalNanos,
            warmupIntervals,
            workload.rate());
    IntervalReporter reporter =
        IntervalReporter.start(collector, clock, start, intervalNanos, this::publish);
    if (brokerLoadReader != null) {
      brokerLoad = BrokerLoadSampler.start(brokerLoadReader, clock, start, intervalNanos);
    }
    if (clock == NanoClock.system()) {
      pauses = PauseDetector.start(recorders.pause.exclusiveWriter());
    }
    if (!workload.progressTimeout().isZero()) {
      reporter.every(
          new ProgressWatchdog(
              participants, control, workload.progressTimeout(), NanoClock.system()),
          ProgressWatchdog.CHECK_MILLIS);
    }
    for (ProducerTask p : participants.producers()) {
      p.thread().start();
    }
    if (backlog != null) {
      backlog.start(start);
    }
    DestinationDepth depth =
        new DestinationDepth(layout, driver::messagesWaiting, DestinationDepth.BOUND);
    EndOfRun endOfRun =
        new EndOfRun(
            layout,
            participants,
            clients.trackers(),
            backlog,
            depth,
            control,
            workload.drainTimeout(),
            clock,
            NanoClock.system());
    endOfRun.awaitSending(end);
    long producersStopped = clock.nanoTime();
    if (backlog != null) {
      backlog.awaitConsumers();
    }
    endOfRun.drain();
    if (backlog != null) {
      backlog.finish();
    }
    LossCheck lossCheck = new LossCheck(layout, participants, clients.trackers(), depth);
    lossCheck.askDepthIfMissing(control.failure() != null);
    if (control.failure() == null && !control.interrupted()) {
      // Not after a failure or a Ctrl-C, whose results must not wait for a broker that may not
      // answer; the tear-down closes them then.
      clients.closeConsumers();
    }
    reporter.stop();
    stopPauseDetector();
    BrokerLoadSampler.Readings brokerReadings = brokerLoad == null ? null : brokerLoad.stop();
    closeIdleConnections();
    IntervalCollector.Cut last = collector.collectLast();
    if (last != null) {
      publish(last);
    }
    long lastReceive = Math.max(start, participants.lastReceiveNanos());
    DriverException failure = control.failure();
    String status =
        failure != null
            ? RunResult.FAILED
            : control.interrupted() ? RunResult.INTERRUPTED : RunResult.COMPLETED;
    LossCheck.Outcome loss = lossCheck.check();
    RunResult result =
        assembly.result(
            new ResultAssembly.Measured(
                environment,
                status,
                failure == null ? null : failure.getMessage(),
                collector,
                producersStopped,
                lastReceive,
                loss.byProducer(),
                loss.integrity(),
                layout.mostConsumersHere(),
                new RunExtras(
                    flowControl.summary(),
                    backlog == null ? BacklogResult.NONE : backlog.result(),
                    participants.requestReply(),
                    idleConnections == null ? ConnectionsResult.NONE : idleConnections.result(),
                    losses.summary(),
                    BrokerLoad.NONE),
                idleConnections == null ? LatencyHistograms.empty() : idleConnections.openTimes(),
                brokerReadings,
                moreWarnings(loss)));
    sinks.each(sink -> sink.finished(result));
    return result;
  }

  /** The start the gate gives; an interrupt while it waits leaves the start to the boundary. */
  private Instant awaitGate() throws DriverException {
    try {
      return startGate.awaitStart(control::stopping);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      control.interrupt(clock.nanoTime());
      return null;
    }
  }

  private void publish(IntervalCollector.Cut cut) {
    for (String notice : flowControl.takeNotices()) {
      sinks.each(sink -> sink.notice(notice));
    }
    for (String notice : losses.takeNotices()) {
      sinks.each(sink -> sink.notice(notice));
    }
    sinks.each(sink -> sink.interval(cut.sample(), cut.histograms()));
  }

  /**
   * The warnings of the run's end: report sinks that failed, consumers not of this run found at its
   * start, a broker not asked for its depth, and out-of-order arrivals the broker's partial order
   * explains (competing consumers explain them otherwise, in {@link
   * io.brokerbench.result.RunWarnings}).
   */
  private List<Warning> moreWarnings(LossCheck.Outcome loss) {
    List<Warning> warnings = new ArrayList<>(sinks.failures());
    if (foreignConsumers != null) {
      warnings.add(foreignConsumers);
    }
    if (loss.depthUnknown() != null) {
      warnings.add(loss.depthUnknown());
    }
    String reason = driver.outOfOrderReason();
    long outOfOrder = loss.integrity().outOfOrder();
    if (outOfOrder > 0 && layout.mostConsumersHere() <= 1 && reason != null) {
      warnings.add(
          new Warning(
              Warning.PARTIAL_ORDER,
              outOfOrder + " message(s) arrived out of order: expected, since " + reason));
    }
    return warnings;
  }

  private void stopPauseDetector() {
    if (pauses != null) {
      pauses.stop();
    }
  }

  private void closeAll() {
    control.stop();
    stopPauseDetector();
    if (brokerLoad != null) {
      brokerLoad.stop();
    }
    clients.close();
  }
}
