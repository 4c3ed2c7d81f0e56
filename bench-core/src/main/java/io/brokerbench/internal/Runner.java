package io.brokerbench.internal;

import io.brokerbench.StartGate;
import io.brokerbench.integrity.SequenceTracker;
import io.brokerbench.internal.events.ConnectionLossLog;
import io.brokerbench.internal.events.FlowControlLog;
import io.brokerbench.internal.measure.BrokerLoadSampler;
import io.brokerbench.internal.measure.IntervalCollector;
import io.brokerbench.internal.measure.PauseDetector;
import io.brokerbench.internal.measure.RunRecorders;
import io.brokerbench.internal.measure.SinkFanout;
import io.brokerbench.internal.phase.BacklogPhase;
import io.brokerbench.internal.phase.ConnectionPhase;
import io.brokerbench.internal.phase.EndOfRun;
import io.brokerbench.internal.phase.LossCheck;
import io.brokerbench.internal.phase.ProgressWatchdog;
import io.brokerbench.internal.receive.ConsumerTask;
import io.brokerbench.internal.receive.Reconnector;
import io.brokerbench.internal.send.ConnectionTraffic;
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
import io.brokerbench.spi.ConsumerSpec;
import io.brokerbench.spi.DestinationSpec;
import io.brokerbench.spi.Driver;
import io.brokerbench.spi.DriverDescription;
import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.IdleConnection;
import io.brokerbench.spi.OutgoingMessage;
import io.brokerbench.spi.ProducerSpec;
import io.brokerbench.workload.ConnectionLossPolicy;
import io.brokerbench.workload.RateProfile;
import io.brokerbench.workload.Shard;
import io.brokerbench.workload.ShardLayout;
import io.brokerbench.workload.Workload;
import io.brokerbench.workload.WorkloadException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Runs one workload (or one shard of it) against one open driver: set-up, warm-up, measurement,
 * drain and tear-down. The result is assembled by {@link ResultAssembly}; the report sinks are
 * called through a {@link SinkFanout} the caller owns. Not API: {@link io.brokerbench.BenchmarkRun}
 * is the public entry point.
 */
public final class Runner {
  private static final long START_POLL_NANOS = 50_000_000;
  private static final long CLOSE_JOIN_MILLIS = 2_000;
  private static final long CLOSE_CLIENTS_MILLIS = 3_000;

  private final Workload workload;
  private final Shard shard;
  private final ShardLayout layout;
  private final Driver driver;
  private final NanoClock clock;
  private final SinkFanout sinks;
  private final ResultAssembly assembly;
  private final int producerIdBase;
  private final StartGate startGate;
  private final RunControl control = new RunControl();
  private final FlowControlLog flowControl;
  private final ConnectionLossLog losses;
  private final boolean refuseBusyQueues;
  private Warning foreignConsumers;
  private Reconnector reconnector;
  private final RunRecorders recorders;
  private final Participants participants = new Participants();
  private final List<io.brokerbench.spi.Consumer> driverConsumers =
      Collections.synchronizedList(new ArrayList<>());
  private final List<ConsumerSpec> consumerSpecs = new ArrayList<>();
  private BacklogPhase backlog;
  private ConnectionPhase idleConnections;
  // Only on the system's clock: a run on an injected clock is a test, whose process stalls are not
  // the run's.
  private PauseDetector pauses;
  private final BrokerLoadReader brokerLoadReader;
  private BrokerLoadSampler brokerLoad;
  private SequenceTracker[] trackers;
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
    this.producerIdBase = producerIdBase;
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
      checkForeignConsumers();
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
      createConsumers();
      createProducers();
      if (workload.connections().sending()) {
        createConnectionTraffic();
      }
      return measure();
    } finally {
      closeAll();
      closeIdleConnections();
    }
  }

  /**
   * Asks the driver for the consumers already on each destination that producers and consumers of
   * the whole workload share: another client's consumers there take a share of the run's messages,
   * which the run would count as lost. Consumers of this workload's other shards may be there
   * already, and are not foreign. Said now (a notice, and {@link Warning#FOREIGN_CONSUMERS} in the
   * result), or refused with {@code refuseBusyQueues}.
   *
   * @throws DriverException when asking failed, or a destination is refused
   */
  private void checkForeignConsumers() throws DriverException {
    Map<String, Integer> busy = new LinkedHashMap<>();
    for (int d = 0; d < layout.destinations(); d++) {
      int everywhere = layout.consumersEverywhere(d);
      if (everywhere == 0 || layout.producersEverywhere(d) == 0) {
        continue;
      }
      int existing = driver.consumersOf(layout.name(d));
      int foreign = existing - (everywhere - layout.consumersHere(d));
      if (foreign > 0) {
        busy.put(layout.name(d), foreign);
      }
    }
    if (busy.isEmpty()) {
      return;
    }
    String which =
        busy.size() == 1
            ? "queue '"
                + busy.keySet().iterator().next()
                + "' already has "
                + busy.values().iterator().next()
                + " consumer(s) not of this run"
            : busy.size()
                + " queues already have consumers not of this run ("
                + busy.entrySet().stream()
                    .map(e -> "'" + e.getKey() + "': " + e.getValue())
                    .collect(Collectors.joining(", "))
                + ")";
    if (refuseBusyQueues) {
      throw new DriverException(
          which + " (--refuse-busy-queue): use a queue of its own, or stop those consumers");
    }
    foreignConsumers =
        new Warning(
            Warning.FOREIGN_CONSUMERS,
            "FOREIGN_CONSUMERS: "
                + which
                + ": their share of "
                + (busy.size() == 1 ? "its" : "their")
                + " messages will count as lost (use a queue of its own, or"
                + " --refuse-busy-queue)");
    sinks.each(sink -> sink.notice(foreignConsumers.message()));
  }

  /** Closes the idle connections, once: at the end of measuring, or when set-up failed. */
  private void closeIdleConnections() {
    if (idleConnections != null && !idleConnections.closed()) {
      idleConnections.close();
    }
  }

  private void createConsumers() throws DriverException {
    // Indexed by global producer: only producers whose messages this run's consumers can receive
    // get a tracker; a message from any other is foreign.
    trackers = new SequenceTracker[layout.globalProducers()];
    for (int p = 0; p < trackers.length; p++) {
      if (layout.consumedHere(p)) {
        int sharing = layout.consumersHere(layout.producerDestination(p));
        trackers[p] = new SequenceTracker(sharing > 1);
      }
    }
    if (workload.backlog().enabled()) {
      backlog =
          new BacklogPhase(workload.backlog(), clock, control, participants, this::startConsumers);
    }
    if (workload.connectionLoss() == ConnectionLossPolicy.RECONNECT) {
      reconnector =
          new Reconnector(
              clock, control, losses, driverConsumers, workload.consumers(), this::openConsumer);
    }
    for (int j = 0; j < workload.consumers(); j++) {
      int consumer = j;
      participants.add(
          new ConsumerTask(
              clock,
              control,
              recorders,
              trackers,
              producerIdBase,
              workload.messagesPerConsumer(),
              backlog,
              workload.requestReply().replierDelay().toNanos(),
              reconnector == null ? null : failure -> consumerLost(consumer, failure)));
      int global = layout.globalConsumer(j);
      consumerSpecs.add(
          new ConsumerSpec(
              global,
              layout.name(layout.consumerDestination(global)),
              workload.prefetch(),
              workload.ackMode(),
              workload.ackEvery()));
    }
    if (backlog == null) {
      startConsumers();
    }
  }

  /** Starts consuming: at once, or once a backlog is queued. */
  private void startConsumers() throws DriverException {
    for (int j = 0; j < participants.consumers().size(); j++) {
      driverConsumers.add(openConsumer(j));
    }
  }

  private io.brokerbench.spi.Consumer openConsumer(int j) throws DriverException {
    return workload.requestReply().enabled()
        ? driver.createReplier(consumerSpecs.get(j), participants.consumers().get(j))
        : driver.createConsumer(consumerSpecs.get(j), participants.consumers().get(j));
  }

  /** A consumer lost its connection ({@code --on-connection-loss reconnect}). Any thread. */
  private void consumerLost(int j, DriverException failure) {
    reconnector.lost(j, "consumer " + consumerSpecs.get(j).consumerIndex(), failure);
  }

  private void createProducers() throws DriverException {
    for (int i = 0; i < workload.producers(); i++) {
      int global = layout.globalProducer(i);
      String destination = layout.name(layout.producerDestination(global));
      ProducerTask task =
          new ProducerTask(
              i,
              (producerIdBase + global) & 0xFFFF,
              workload,
              ProducerTask.Pace.of(workload),
              clock,
              control,
              recorders,
              flowControl,
              losses);
      boolean requester = workload.requestReply().enabled();
      ProducerSpec spec =
          new ProducerSpec(
              global,
              destination,
              // A request's answer is its reply, not a publish confirm.
              requester ? 0 : workload.inFlightWindow(),
              workload.persistent(),
              workload.messageBytes());
      participants.add(task);
      ProducerTask.Reopen open =
          () ->
              requester
                  ? driver.createRequester(spec, task, task)
                  : driver.createProducer(spec, task);
      task.prepare(open.open(), open);
    }
  }

  /**
   * The held connections' light traffic: one more producer of this run, its messages leaving on
   * each held connection in turn at the per-connection rate, to the destination its global index
   * gives, like any producer's.
   */
  private void createConnectionTraffic() throws DriverException {
    List<IdleConnection> held = idleConnections.held();
    if (held.isEmpty()) {
      return;
    }
    int global = shard.trafficProducer();
    ProducerTask task =
        new ProducerTask(
            participants.producers().size(),
            (producerIdBase + global) & 0xFFFF,
            workload,
            new ProducerTask.Pace(
                RateProfile.fixed(workload.connections().sendRate() * held.size()), 1, 0),
            clock,
            control,
            recorders,
            flowControl,
            losses);
    ProducerSpec spec =
        new ProducerSpec(
            global,
            layout.name(layout.producerDestination(global)),
            workload.inFlightWindow(),
            workload.persistent(),
            workload.messageBytes());
    participants.add(task);
    task.prepare(
        new ConnectionTraffic(held, spec, task),
        () -> {
          throw new DriverException("held connections are not opened again");
        });
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
    long start = alignedStart(intervalNanos, startAt);
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
    ScheduledExecutorService reporter = startReporter(collector, start, intervalNanos);
    if (brokerLoadReader != null) {
      brokerLoad = BrokerLoadSampler.start(brokerLoadReader, clock, start, intervalNanos);
    }
    if (clock == NanoClock.system()) {
      pauses = PauseDetector.start(recorders.pause.exclusiveWriter());
    }
    if (!workload.progressTimeout().isZero()) {
      reporter.scheduleWithFixedDelay(
          new ProgressWatchdog(
              participants, control, workload.progressTimeout(), NanoClock.system()),
          ProgressWatchdog.CHECK_MILLIS,
          ProgressWatchdog.CHECK_MILLIS,
          TimeUnit.MILLISECONDS);
    }
    for (ProducerTask p : participants.producers()) {
      p.thread().start();
    }
    if (backlog != null) {
      backlog.start(start);
    }
    EndOfRun endOfRun =
        new EndOfRun(
            layout,
            participants,
            trackers,
            backlog,
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
    stopReporter(reporter);
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
    LossCheck.Outcome loss =
        new LossCheck(
                layout, participants, trackers, driver::messagesWaiting, LossCheck.DEPTH_BOUND)
            .check(control.failure() != null);
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

  /**
   * Waits until the next multiple of the interval since the Unix epoch, so that the intervals of
   * processes started apart line up and the CSV and the interval log cut at the same instants. An
   * interrupt ends the wait at once: a start time may be up to an hour ahead, far past a signal's
   * grace.
   */
  private long alignedStart(long intervalNanos, Instant startAt) {
    long now = clock.nanoTime();
    long epochNow = now + clock.epochOffsetNanos();
    long from = epochNow;
    if (startAt != null) {
      // A start the shards agreed on; still on an interval boundary so their intervals line up.
      from = Math.max(epochNow, startAt.getEpochSecond() * 1_000_000_000L + startAt.getNano() - 1);
    }
    long start = now + (Math.floorDiv(from, intervalNanos) + 1) * intervalNanos - epochNow;
    try {
      for (; now < start && !control.interrupted(); now = clock.nanoTime()) {
        clock.sleepUntil(Math.min(start, now + START_POLL_NANOS));
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return start;
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

  /** Closes an interval every {@code intervalNanos} of real time from the start. */
  private ScheduledExecutorService startReporter(
      IntervalCollector collector, long start, long intervalNanos) {
    ScheduledExecutorService reporter =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "brokerbench-reporter");
              t.setDaemon(true);
              return t;
            });
    long firstDelay =
        Math.max(0, Math.min(intervalNanos, start + intervalNanos - clock.nanoTime()));
    reporter.scheduleAtFixedRate(
        () -> publish(collector.collect()), firstDelay, intervalNanos, TimeUnit.NANOSECONDS);
    return reporter;
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
    if (reconnector != null) {
      reconnector.close(CLOSE_JOIN_MILLIS);
    }
    for (ProducerTask p : participants.producers()) {
      Thread thread = p.thread();
      if (thread != null && thread.isAlive()) {
        thread.interrupt();
        joinFor(thread, CLOSE_JOIN_MILLIS);
      }
    }
    // Closing the client's producer is what frees a thread stuck in its send; a thread that is
    // still stuck after that is a daemon and is left behind rather than waited for. The closes
    // wait for the broker, so they are bounded together.
    BoundedWait.run("close", this::closeClients, CLOSE_CLIENTS_MILLIS);
    for (ProducerTask p : participants.producers()) {
      Thread thread = p.thread();
      if (thread != null && thread.isAlive()) {
        joinFor(thread, CLOSE_JOIN_MILLIS);
      }
    }
  }

  private void closeClients() {
    for (ProducerTask p : participants.producers()) {
      closeQuietly(p.producer());
    }
    // A copy: a backlog's consumers may still be starting on the backlog thread.
    for (io.brokerbench.spi.Consumer c : List.copyOf(driverConsumers)) {
      closeQuietly(c);
    }
  }

  /** Closes, ignoring a failure: the run's figures no longer depend on it. */
  public static void closeQuietly(AutoCloseable closeable) {
    if (closeable == null) {
      return;
    }
    try {
      closeable.close();
    } catch (Exception e) {
      // Tear-down after the results are taken: a failure to close changes no figure.
    }
  }

  /** Waits at most {@code millis} for the thread; keeps the caller's interrupt status. */
  public static void joinFor(Thread thread, long millis) {
    try {
      thread.join(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
