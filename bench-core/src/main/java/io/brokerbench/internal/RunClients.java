package io.brokerbench.internal;

import io.brokerbench.integrity.SequenceTracker;
import io.brokerbench.internal.events.ConnectionLossLog;
import io.brokerbench.internal.events.FlowControlLog;
import io.brokerbench.internal.measure.RunRecorders;
import io.brokerbench.internal.phase.BacklogPhase;
import io.brokerbench.internal.receive.ConsumerTask;
import io.brokerbench.internal.receive.Reconnector;
import io.brokerbench.internal.send.ConnectionTraffic;
import io.brokerbench.internal.send.ProducerTask;
import io.brokerbench.rate.NanoClock;
import io.brokerbench.spi.Consumer;
import io.brokerbench.spi.ConsumerSpec;
import io.brokerbench.spi.Driver;
import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.IdleConnection;
import io.brokerbench.spi.ProducerSpec;
import io.brokerbench.workload.ConnectionLossPolicy;
import io.brokerbench.workload.RateProfile;
import io.brokerbench.workload.Shard;
import io.brokerbench.workload.ShardLayout;
import io.brokerbench.workload.Workload;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The run's clients: the producers and consumers its shard of the workload plays, each with the
 * driver's client it uses, opened at set-up and closed, bounded, at tear-down. What they count is
 * read through {@link #participants()}; which producers' sequences a consumer tracks through {@link
 * #trackers()}. Not API.
 */
public final class RunClients {
  private static final long CLOSE_JOIN_MILLIS = 2_000;
  private static final long CLOSE_CLIENTS_MILLIS = 3_000;

  /** What the tasks share: the clock, the run's control, its recorders and event logs. */
  record Context(
      NanoClock clock,
      RunControl control,
      RunRecorders recorders,
      FlowControlLog flowControl,
      ConnectionLossLog losses) {}

  private final Workload workload;
  private final Shard shard;
  private final ShardLayout layout;
  private final Driver driver;
  private final Context context;
  private final int producerIdBase;
  private final Participants participants = new Participants();
  private final List<Consumer> driverConsumers = Collections.synchronizedList(new ArrayList<>());
  private final List<ConsumerSpec> consumerSpecs = new ArrayList<>();
  private SequenceTracker[] trackers;
  private BacklogPhase backlog;
  private Reconnector reconnector;

  /**
   * Clients of {@code shard} of {@code workload}, made by {@code driver}.
   *
   * @param producerIdBase added to each producer's global index for the id its stamps carry
   *     (wrapping at 65536)
   */
  RunClients(
      Workload workload,
      Shard shard,
      ShardLayout layout,
      Driver driver,
      Context context,
      int producerIdBase) {
    this.workload = workload;
    this.shard = shard;
    this.layout = layout;
    this.driver = driver;
    this.context = context;
    this.producerIdBase = producerIdBase;
  }

  /** The producers and consumers, and their counts. */
  Participants participants() {
    return participants;
  }

  /** Per global producer, the tracker of its sequence, or null where no consumer here reads it. */
  SequenceTracker[] trackers() {
    return trackers;
  }

  /** The backlog phase, or null when the workload fills no backlog first. */
  BacklogPhase backlog() {
    return backlog;
  }

  /**
   * Creates the consumers and, unless a backlog is to be queued first, starts them; a consumer that
   * loses its connection is opened again with {@code --on-connection-loss reconnect}.
   */
  void createConsumers() throws DriverException {
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
          new BacklogPhase(
              workload.backlog(),
              context.clock(),
              context.control(),
              participants,
              this::startConsumers);
    }
    if (workload.connectionLoss() == ConnectionLossPolicy.RECONNECT) {
      reconnector =
          new Reconnector(
              context.clock(),
              context.control(),
              context.losses(),
              driverConsumers,
              workload.consumers(),
              this::openConsumer);
    }
    for (int j = 0; j < workload.consumers(); j++) {
      int consumer = j;
      participants.add(
          new ConsumerTask(
              context.clock(),
              context.control(),
              context.recorders(),
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

  private Consumer openConsumer(int j) throws DriverException {
    return workload.requestReply().enabled()
        ? driver.createReplier(consumerSpecs.get(j), participants.consumers().get(j))
        : driver.createConsumer(consumerSpecs.get(j), participants.consumers().get(j));
  }

  /** A consumer lost its connection ({@code --on-connection-loss reconnect}). Any thread. */
  private void consumerLost(int j, DriverException failure) {
    reconnector.lost(j, "consumer " + consumerSpecs.get(j).consumerIndex(), failure);
  }

  /** Creates the producers (requesters in a request-reply workload), each ready to send. */
  void createProducers() throws DriverException {
    boolean requester = workload.requestReply().enabled();
    for (int i = 0; i < workload.producers(); i++) {
      int global = layout.globalProducer(i);
      ProducerTask task = producerTask(i, global, ProducerTask.Pace.of(workload));
      ProducerSpec spec =
          new ProducerSpec(
              global,
              layout.name(layout.producerDestination(global)),
              // A request's answer is its reply, not a publish confirm.
              requester ? 0 : workload.inFlightWindow(),
              workload.persistent(),
              workload.messageBytes());
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
   * gives, like any producer's. Nothing when no connection is held.
   */
  void createConnectionTraffic(List<IdleConnection> held) throws DriverException {
    if (held.isEmpty()) {
      return;
    }
    int global = shard.trafficProducer();
    ProducerTask task =
        producerTask(
            participants.producers().size(),
            global,
            new ProducerTask.Pace(
                RateProfile.fixed(workload.connections().sendRate() * held.size()), 1, 0));
    ProducerSpec spec =
        new ProducerSpec(
            global,
            layout.name(layout.producerDestination(global)),
            workload.inFlightWindow(),
            workload.persistent(),
            workload.messageBytes());
    task.prepare(
        new ConnectionTraffic(held, spec, task),
        () -> {
          throw new DriverException("held connections are not opened again");
        });
  }

  private ProducerTask producerTask(int local, int global, ProducerTask.Pace pace) {
    ProducerTask task =
        new ProducerTask(
            local,
            (producerIdBase + global) & 0xFFFF,
            workload,
            pace,
            context.clock(),
            context.control(),
            context.recorders(),
            context.flowControl(),
            context.losses());
    participants.add(task);
    return task;
  }

  /**
   * Stops the reconnects and the producers' threads and closes every client. Closing the client's
   * producer is what frees a thread stuck in its send; a thread still stuck after that is a daemon
   * and is left behind rather than waited for. The closes wait for the broker, so they are bounded
   * together.
   */
  void close() {
    if (reconnector != null) {
      reconnector.close(CLOSE_JOIN_MILLIS);
    }
    for (ProducerTask p : participants.producers()) {
      Thread thread = p.thread();
      if (thread != null && thread.isAlive()) {
        thread.interrupt();
        BoundedWait.join(thread, CLOSE_JOIN_MILLIS);
      }
    }
    BoundedWait.run("close", this::closeDriverClients, CLOSE_CLIENTS_MILLIS);
    for (ProducerTask p : participants.producers()) {
      Thread thread = p.thread();
      if (thread != null && thread.isAlive()) {
        BoundedWait.join(thread, CLOSE_JOIN_MILLIS);
      }
    }
  }

  private void closeDriverClients() {
    for (ProducerTask p : participants.producers()) {
      closeQuietly(p.producer());
    }
    closeDriverConsumers();
  }

  /**
   * Closes the consumers once the drain is over, before the run's figures are taken. A consumer
   * left subscribed goes on receiving (another shard's late messages, a broker catching up), and a
   * driver acknowledges what it received as it closes: those messages would leave the broker
   * counted nowhere (CI's four shard processes on one queue lost 171 to 819 so). Bounded as the
   * tear-down's closes are.
   */
  void closeConsumers() {
    BoundedWait.run("close consumers", this::closeDriverConsumers, CLOSE_CLIENTS_MILLIS);
  }

  private void closeDriverConsumers() {
    // A copy: a backlog's consumers may still be starting on the backlog thread.
    for (Consumer c : List.copyOf(driverConsumers)) {
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
}
