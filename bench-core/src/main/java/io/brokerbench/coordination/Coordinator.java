package io.brokerbench.coordination;

import io.brokerbench.internal.measure.SinkFanout;
import io.brokerbench.rate.NanoClock;
import io.brokerbench.report.ReportSink;
import io.brokerbench.result.Environment;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.ThresholdOutcome;
import io.brokerbench.result.WorkloadSummary;
import io.brokerbench.threshold.Threshold;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The coordinator of one live sharded run: it waits for the shards to dial in, starts them together
 * ({@link Rendezvous}), merges their intervals as they close and feeds the merged figures to its
 * sinks (console, Prometheus, files), names a shard that stops answering, and at the end gives its
 * sinks the merged result ({@link LiveMerge}).
 *
 * <pre>{@code
 * Coordinator c = new Coordinator(new ServerSocket(7070), settings, NanoClock.system(), sinks);
 * RunResult whole = c.run(); // null when no shard ever connected
 * }</pre>
 *
 * <p>Implementation notes: one thread accepts connections and one per connection reads its messages
 * into a queue; the thread that called {@link #run()} takes them one at a time, so the run's state
 * has a single owner and needs no lock. It wakes at least every {@value #TICK_MILLIS} ms to check
 * the start bound and the heartbeats.
 */
public final class Coordinator {
  static final long TICK_MILLIS = 100;

  /** How long shards are given to finish once asked to stop, before they are counted lost. */
  static final Duration STOP_GRACE = Duration.ofSeconds(25);

  /**
   * What the user chose.
   *
   * @param shards how many shards the run is split into
   * @param readyTimeout how long to wait for every shard to be set up
   * @param whenMissing what to do when some are not ready by then
   * @param lostAfter how long a running shard may stay silent before it is counted lost
   * @param stopOnLost stop every shard when one is lost, rather than go on without it
   * @param thresholds checked on the merged result, and as the run goes ({@link LiveVerdict})
   * @param abortOnFail stop every shard once a threshold can no longer hold
   * @param commandLine the coordinator's command line, for the merged result
   */
  public record Settings(
      int shards,
      Duration readyTimeout,
      Rendezvous.WhenMissing whenMissing,
      Duration lostAfter,
      boolean stopOnLost,
      List<Threshold> thresholds,
      boolean abortOnFail,
      String commandLine) {

    /** Copies the list. */
    public Settings {
      thresholds = List.copyOf(thresholds);
    }
  }

  /** A message from a shard; a null message when its connection ended, {@code why} saying how. */
  private record Event(Wire wire, Message message, String why) {}

  private final ServerSocket server;
  private final Settings settings;
  private final NanoClock clock;
  private final SinkFanout sinks;
  private final BlockingQueue<Event> events = new LinkedBlockingQueue<>();
  private final Rendezvous rendezvous;
  private final Heartbeats heartbeats;
  private final LiveVerdict verdict;
  private final Map<Wire, Integer> shardOf = new HashMap<>();
  private final Map<Integer, Wire> wireOf = new TreeMap<>();
  private final Map<Integer, Message.Started> started = new TreeMap<>();
  private final Map<Integer, Message.Hello> hellos = new TreeMap<>();
  private LiveMerge merge;
  private List<Integer> starting = List.of();
  private boolean headerShown;
  private volatile boolean interrupted;
  private long stopDeadlineNanos = Long.MAX_VALUE;

  /**
   * A coordinator listening on {@code server}; its start bound runs from now.
   *
   * @param sinks where the merged figures go; closed at the end of {@link #run()}
   */
  public Coordinator(
      ServerSocket server, Settings settings, NanoClock clock, List<ReportSink> sinks) {
    this.server = server;
    this.settings = settings;
    this.clock = clock;
    this.sinks = new SinkFanout(sinks);
    this.rendezvous =
        new Rendezvous(settings.shards(), settings.readyTimeout(), settings.whenMissing(), clock);
    this.heartbeats = new Heartbeats(clock, settings.lostAfter());
    this.verdict = new LiveVerdict(settings.thresholds());
  }

  /**
   * Runs the coordination to its end: every shard that started has finished or was lost.
   *
   * @return the merged result, or null when no shard ever connected (nothing to merge)
   * @throws InterruptedException when the calling thread is interrupted
   */
  public RunResult run() throws InterruptedException {
    Thread acceptor = new Thread(this::accept, "brokerbench-coordinator-accept");
    acceptor.setDaemon(true);
    acceptor.start();
    try {
      while (merge == null || merge.running()) {
        Event e = events.poll(TICK_MILLIS, TimeUnit.MILLISECONDS);
        if (e != null) {
          handle(e);
        }
        tick();
      }
      RunResult result = merge.hasResult() ? checked(merge.result()) : null;
      if (result != null) {
        String bound =
            CrossHostBound.line(
                starting.stream().map(hellos::get).filter(Objects::nonNull).toList(), result);
        if (bound != null) {
          notice(bound);
        }
        sinks.each(sink -> sink.finished(result));
      }
      return result;
    } finally {
      closeQuietly(server);
      wireOf.values().forEach(Coordinator::closeQuietly);
      sinks.close();
    }
  }

  private RunResult checked(RunResult merged) {
    return merged.withThresholds(settings.thresholds().stream().map(t -> t.check(merged)).toList());
  }

  /** The port shards dial. */
  public int port() {
    return server.getLocalPort();
  }

  /**
   * Ctrl-C: asks every shard to stop (each writes its results and sends them), or ends the wait for
   * shards before the start. Any thread.
   */
  public void interrupt() {
    interrupted = true;
    events.add(new Event(null, null, null));
  }

  private void accept() {
    while (!server.isClosed()) {
      Socket socket;
      try {
        socket = server.accept();
      } catch (IOException closed) {
        return;
      }
      try {
        Wire wire = new Wire(socket);
        Thread reader = new Thread(() -> read(wire), "brokerbench-coordinator-" + wire.peer());
        reader.setDaemon(true);
        reader.start();
      } catch (IOException e) {
        closeQuietly(socket);
      }
    }
  }

  private void read(Wire wire) {
    String why = "its connection closed";
    try {
      for (Message m = wire.receive(); m != null; m = wire.receive()) {
        events.add(new Event(wire, m, null));
      }
    } catch (IOException e) {
      why = "its connection failed (" + e.getMessage() + ")";
    }
    events.add(new Event(wire, null, why));
  }

  private void handle(Event e) {
    if (e.wire() == null) {
      stopAll("the coordinator was interrupted");
      return;
    }
    Integer shard = shardOf.get(e.wire());
    Message m = e.message();
    if (m instanceof Message.Hello hello) {
      hello(e.wire(), hello);
      return;
    }
    if (shard == null) {
      // A connection that never said hello, or was refused: hung up once the shard hangs up, as a
      // close with its messages unread would reset the connection and lose the refusal.
      if (m == null) {
        closeQuietly(e.wire());
      }
      return;
    }
    heartbeats.heard(shard);
    if (m == null) {
      gone(shard, e.wire(), e.why());
    } else if (m instanceof Message.Ready && merge == null) {
      rendezvous.ready(shard);
      // Said as it happens: while a run waits for its shards, who is ready is the news.
      notice(
          "shard "
              + shard
              + " ready ("
              + rendezvous.readyCount()
              + " of "
              + settings.shards()
              + ")");
    } else if (m instanceof Message.Started s) {
      started.put(shard, s);
      showHeader();
    } else if (m instanceof Message.Interval i && merge != null) {
      publish(merge.interval(shard, i.sample(), i.latency()));
    } else if (m instanceof Message.Finished f && merge != null) {
      // Done: its hanging up next is not a loss.
      shardOf.remove(e.wire());
      wireOf.remove(shard, e.wire());
      heartbeats.forget(shard);
      showHeader();
      publish(merge.finished(shard, f.result()));
    }
  }

  private void hello(Wire wire, Message.Hello hello) {
    String refusal =
        hello.started() == null
            ? rendezvous.hello(hello.shard(), hello.shards())
            : rejoin(hello.shard(), hello.shards(), hello.started());
    if (refusal != null) {
      send(wire, new Message.Refused(refusal));
      notice("shard " + hello.shard() + " on " + hello.host() + " refused: " + refusal);
      return;
    }
    shardOf.put(wire, hello.shard());
    wireOf.put(hello.shard(), wire);
    hellos.put(hello.shard(), hello);
  }

  /**
   * A shard that started dialled again: after a restart of this coordinator, its start is the run's
   * and the figures it sends again are merged as they would have been.
   *
   * @return null when it is welcome, else why it is refused
   */
  private String rejoin(int shard, int count, Message.Start start) {
    String refusal = rendezvous.rejoin(shard, count, start);
    if (refusal != null) {
      return refusal;
    }
    if (merge == null) {
      List<Integer> connected = List.copyOf(wireOf.keySet());
      starting = start.starting();
      merge = new LiveMerge(starting, settings.commandLine());
      // A shard that does not dial again is lost after --lost-after, as a silent one is.
      starting.forEach(heartbeats::heard);
      connected.forEach(s -> refuse(s, "the run started without shard " + s));
      notice(
          "picking up the run that started at "
              + Instant.ofEpochMilli(start.startEpochMillis())
              + " with shard(s) "
              + names(starting));
    }
    if (!merge.running(shard) || wireOf.containsKey(shard)) {
      return "shard " + shard + " is no longer part of this run (finished, lost or connected)";
    }
    notice("shard " + shard + " rejoined");
    return null;
  }

  private void gone(int shard, Wire wire, String why) {
    shardOf.remove(wire);
    wireOf.remove(shard, wire);
    closeQuietly(wire);
    if (merge == null) {
      rendezvous.gone(shard);
      notice("shard " + shard + " went away before the start; it may connect again");
    } else if (starting.contains(shard)) {
      lost(shard, why);
    }
  }

  private void tick() {
    if (merge == null) {
      Rendezvous.Decision d = interrupted ? null : rendezvous.decide();
      if (d != null) {
        begin(d);
      } else if (interrupted) {
        // Nothing started: every shard connected is refused and fails with a result.
        begin(new Rendezvous.Decision(false, 0, List.of(), List.of()));
      }
      return;
    }
    for (int shard : heartbeats.silent()) {
      if (merge.running() && starting.contains(shard)) {
        lost(
            shard,
            "silent for " + settings.lostAfter().toSeconds() + " s (no heartbeat, no interval)");
      }
    }
    if (clock.nanoTime() - stopDeadlineNanos >= 0) {
      for (int shard : List.copyOf(wireOf.keySet())) {
        lost(shard, "it did not finish within " + STOP_GRACE.toSeconds() + " s of being stopped");
      }
      stopDeadlineNanos = Long.MAX_VALUE;
    }
  }

  private void begin(Rendezvous.Decision d) {
    List<Integer> connected = List.copyOf(wireOf.keySet());
    if (d.start()) {
      starting = d.starting();
      Map<Integer, String> hosts = new TreeMap<>();
      starting.forEach(shard -> hosts.put(shard, hellos.get(shard).host()));
      Message.Start start = new Message.Start(d.startEpochMillis(), starting, hosts);
      for (int shard : connected) {
        if (starting.contains(shard)) {
          send(wireOf.get(shard), start);
          heartbeats.heard(shard);
        } else {
          refuse(shard, "the run started without shard " + shard + " (it was not ready in time)");
        }
      }
      if (!d.missing().isEmpty()) {
        notice(
            "starting without shard(s) "
                + names(d.missing())
                + ": not ready within "
                + settings.readyTimeout().toSeconds()
                + " s");
      }
    } else {
      // The refused shards fail and send their (failed) results, merged below as the run's.
      starting = connected;
      String why =
          interrupted
              ? "the coordinator was interrupted before the start"
              : "shard(s) "
                  + names(d.missing())
                  + " not ready within "
                  + settings.readyTimeout().toSeconds()
                  + " s";
      notice("the run does not start: " + why);
      connected.forEach(shard -> refuse(shard, "the run does not start: " + why));
    }
    merge = new LiveMerge(starting, settings.commandLine());
  }

  private void lost(int shard, String why) {
    Wire wire = wireOf.remove(shard);
    if (wire != null) {
      shardOf.remove(wire);
      closeQuietly(wire);
    }
    heartbeats.forget(shard);
    publish(merge.lost(shard));
    notice(
        "shard "
            + shard
            + " lost: "
            + why
            + (settings.stopOnLost() ? "; stopping the run" : "; the run goes on without it"));
    if (settings.stopOnLost()) {
      stopAll("shard " + shard + " was lost");
    }
  }

  private void stopAll(String why) {
    for (Wire wire : wireOf.values()) {
      send(wire, new Message.Stop(why));
    }
    if (stopDeadlineNanos == Long.MAX_VALUE) {
      stopDeadlineNanos = clock.nanoTime() + STOP_GRACE.toNanos();
    }
  }

  private void refuse(int shard, String why) {
    send(wireOf.get(shard), new Message.Refused(why));
  }

  private void publish(List<LiveMerge.Merged> intervals) {
    if (!intervals.isEmpty()) {
      showHeader();
    }
    for (LiveMerge.Merged m : intervals) {
      sinks.each(sink -> sink.interval(m.sample(), m.histograms()));
      ThresholdOutcome failed = verdict.add(m.sample(), m.histograms());
      if (failed != null) {
        notice(
            "threshold "
                + failed.message()
                + (settings.abortOnFail()
                    ? " so far, and can no longer hold: stopping the run"
                    : " so far, and can no longer hold; the run goes on"));
        if (settings.abortOnFail()) {
          stopAll("threshold '" + failed.threshold() + "' can no longer hold");
        }
      }
    }
  }

  /**
   * Gives the sinks the run's start once every starting shard has said how it starts, or once the
   * first interval is ready: the whole workload, the lowest shard's environment.
   */
  private void showHeader() {
    if (headerShown || started.isEmpty()) {
      return;
    }
    boolean all = started.keySet().containsAll(starting);
    if (!all && (merge == null || merge.running())) {
      return;
    }
    headerShown = true;
    Environment environment = started.values().iterator().next().environment();
    WorkloadSummary whole =
        whole(started.values().stream().map(Message.Started::workload).toList());
    sinks.each(sink -> sink.started(environment, whole));
  }

  /** The shards' parts of the workload as one: producers, consumers and rates added. */
  static WorkloadSummary whole(List<WorkloadSummary> parts) {
    WorkloadSummary w = parts.get(0);
    int producers = 0;
    int consumers = 0;
    List<Double> rates = new ArrayList<>(w.rateSteps());
    for (int i = 0; i < parts.size(); i++) {
      WorkloadSummary p = parts.get(i);
      producers += p.producers();
      consumers += p.consumers();
      for (int s = 0; i > 0 && s < rates.size() && s < p.rateSteps().size(); s++) {
        rates.set(s, rates.get(s) + p.rateSteps().get(s));
      }
    }
    return w.whole(
        producers, consumers, rates, w.backlogMessages(), w.connections(), w.connectionRate());
  }

  private void notice(String line) {
    sinks.each(sink -> sink.notice(line));
  }

  private static String names(List<Integer> shards) {
    return String.join(", ", shards.stream().map(String::valueOf).toList());
  }

  private static void send(Wire wire, Message m) {
    try {
      Objects.requireNonNull(wire).send(m);
    } catch (IOException e) {
      // The reader sees the connection gone and says so.
    }
  }

  private static void closeQuietly(AutoCloseable c) {
    try {
      c.close();
    } catch (Exception e) {
      // Gone already.
    }
  }
}
