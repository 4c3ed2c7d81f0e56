package io.brokerbench.coordination;

import io.brokerbench.StartGate;
import io.brokerbench.latency.LatencyHistograms;
import io.brokerbench.report.ReportSink;
import io.brokerbench.result.Environment;
import io.brokerbench.result.IntervalSample;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.WorkloadSummary;
import io.brokerbench.spi.DriverException;
import java.io.Closeable;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;

/**
 * A shard's side of a coordinated run: it dials the coordinator and says hello, tells it when it is
 * set up and waits for the start (a {@link StartGate}), streams its intervals and its result (a
 * {@link ReportSink}), and ends the run when the coordinator says stop.
 *
 * <pre>{@code
 * ShardLink link = ShardLink.dial(address, Duration.ofMinutes(1), hello);
 * BenchmarkRun run = BenchmarkRun.builder(workload).driver("loopback")
 *     .startGate(link).sink(link).build();
 * link.onStop(run::interrupt);
 * run.run(); // the run closes its sinks, and with them the link
 * }</pre>
 *
 * <p>A coordinator that goes away before the start is dialled again (a restarted pod takes the
 * shard back), up to {@value #REDIALS} times. One that goes away after the start leaves the shard
 * running and dialling again until the run ends: a coordinator that comes back is told the start
 * the shard had and given every figure the shard sent since (a {@link ReplayLog}), so that it picks
 * the run up; one that does not leaves the shard's own results, which {@code bench merge} can still
 * add up.
 */
public final class ShardLink implements StartGate, ReportSink {
  private static final long POLL_MILLIS = 50;
  private static final long RETRY_MILLIS = 200;
  private static final int CONNECT_MILLIS = 1_000;

  /** How often a shard dials again a coordinator lost before the start (a restarted pod). */
  static final int REDIALS = 3;

  /** One connection to the coordinator and its answer to {@link Message.Ready}. */
  private record Connection(Wire wire, CompletableFuture<Message> answer) {}

  private final InetSocketAddress coordinator;
  private final Duration patience;
  private final Message.Hello hello;
  private volatile CompletableFuture<Connection> connection = new CompletableFuture<>();
  private volatile Message.Start start;
  // Guarded by this, as is the switch to a new connection after the start.
  private final ReplayLog replay = new ReplayLog();
  private boolean closed;
  private final ScheduledExecutorService heartbeats =
      Executors.newSingleThreadScheduledExecutor(
          r -> {
            Thread t = new Thread(r, "brokerbench-heartbeat");
            t.setDaemon(true);
            return t;
          });
  private volatile Runnable onStop = () -> {};
  private volatile String stopReason;

  private ShardLink(InetSocketAddress coordinator, Duration patience, Message.Hello hello) {
    this.coordinator = coordinator;
    this.patience = patience;
    this.hello = hello;
    long every = Heartbeats.INTERVAL.toMillis();
    heartbeats.scheduleAtFixedRate(this::beat, every, every, TimeUnit.MILLISECONDS);
  }

  /**
   * Starts dialling the coordinator, on a thread of its own, trying again until {@code patience}
   * has passed (its pod may start after this one), and says hello once connected: the run sets up
   * meanwhile, and fails at its start if the coordinator could not be reached, with its result
   * written as any failed run's. A coordinator lost before the start is dialled again, up to
   * {@value #REDIALS} times: a restarted coordinator takes the shard back.
   */
  public static ShardLink dial(
      InetSocketAddress coordinator, Duration patience, Message.Hello hello) {
    ShardLink link = new ShardLink(coordinator, patience, hello);
    link.dialInBackground(link.connection, hello, true);
    return link;
  }

  /**
   * Dials on a thread of its own, with {@code greeting} as the first message: until the patience
   * has passed when {@code bounded}, else until this link closes (the run's end bounds it).
   */
  private void dialInBackground(
      CompletableFuture<Connection> into, Message.Hello greeting, boolean bounded) {
    Thread dialler =
        new Thread(() -> connect(into, greeting, bounded), "brokerbench-coordinator-dial");
    dialler.setDaemon(true);
    dialler.start();
  }

  private void connect(
      CompletableFuture<Connection> into, Message.Hello greeting, boolean bounded) {
    long deadline = System.nanoTime() + patience.toNanos();
    IOException last = null;
    do {
      Socket socket = new Socket();
      try {
        // Resolved at each try: a Service's name may resolve only once its pod is up.
        socket.connect(
            new InetSocketAddress(coordinator.getHostString(), coordinator.getPort()),
            CONNECT_MILLIS);
        Connection c = new Connection(new Wire(socket), new CompletableFuture<>());
        c.wire().send(greeting);
        synchronized (this) {
          if (closed) {
            closeQuietly(socket);
            return;
          }
          if (greeting.started() != null) {
            // What the lost coordinator had, and what came while there was none.
            replay.replay(c.wire());
          }
          into.complete(c);
        }
        Thread reader = new Thread(() -> read(c), "brokerbench-coordinator-reader");
        reader.setDaemon(true);
        reader.start();
        return;
      } catch (IOException e) {
        last = e;
        closeQuietly(socket);
      }
      try {
        Thread.sleep(RETRY_MILLIS);
      } catch (InterruptedException e) {
        break;
      }
    } while ((!bounded || System.nanoTime() - deadline < 0) && !heartbeats.isShutdown());
    into.completeExceptionally(
        new IOException(
            "cannot reach the coordinator at "
                + coordinator.getHostString()
                + ":"
                + coordinator.getPort()
                + " within "
                + patience.toSeconds()
                + " s"
                + (last == null ? "" : " (" + last.getMessage() + ")")
                + ": start bench coordinate first, or check the address"));
  }

  /** What ends the run when the coordinator says stop (the run's interrupt). */
  public void onStop(Runnable stop) {
    this.onStop = stop;
    if (stopReason != null) {
      stop.run();
    }
  }

  @Override
  public Set<Integer> shardsOnThisHost() {
    Message.Start s = start;
    return s == null ? null : s.shardsOn(hello.host());
  }

  /** Why the coordinator stopped this shard, or null. */
  public String stopReason() {
    return stopReason;
  }

  /** Says ready and waits for the coordinator's start; dials again a coordinator lost meanwhile. */
  @Override
  public Instant awaitStart(BooleanSupplier stopping) throws DriverException, InterruptedException {
    for (int redials = 0; ; redials++) {
      Connection c = awaitConnection(stopping);
      if (c == null) {
        return null;
      }
      Message m;
      try {
        c.wire().send(new Message.Ready());
        m = awaitAnswer(c, stopping);
      } catch (IOException e) {
        if (redials == REDIALS) {
          throw new DriverException(
              "lost the coordinator at " + coordinator + " before the start: " + e.getMessage());
        }
        // A coordinator restarted before the start takes the shard back: dial it again.
        closeQuietly(c.wire());
        CompletableFuture<Connection> next = new CompletableFuture<>();
        connection = next;
        dialInBackground(next, hello, true);
        continue;
      }
      if (m instanceof Message.Start s) {
        return Instant.ofEpochMilli(s.startEpochMillis());
      }
      if (m instanceof Message.Refused r) {
        throw new DriverException("the coordinator refused this shard: " + r.reason());
      }
      // Stopped before the start (or waiting was): the interrupt ends the run.
      return null;
    }
  }

  private Connection awaitConnection(BooleanSupplier stopping)
      throws DriverException, InterruptedException {
    while (!stopping.getAsBoolean()) {
      try {
        return connection.get(POLL_MILLIS, TimeUnit.MILLISECONDS);
      } catch (TimeoutException e) {
        // Polled again, so that an interrupt ends the wait.
      } catch (ExecutionException e) {
        throw new DriverException(e.getCause().getMessage());
      }
    }
    return null;
  }

  /** The answer to Ready, or null once stopping. */
  private static Message awaitAnswer(Connection c, BooleanSupplier stopping)
      throws IOException, InterruptedException {
    while (!stopping.getAsBoolean()) {
      try {
        return c.answer().get(POLL_MILLIS, TimeUnit.MILLISECONDS);
      } catch (TimeoutException e) {
        // Polled again, so that an interrupt ends the wait.
      } catch (ExecutionException e) {
        throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
      }
    }
    return null;
  }

  @Override
  public void started(Environment environment, WorkloadSummary workload) throws IOException {
    sendFigures(new Message.Started(environment, workload));
  }

  @Override
  public void interval(IntervalSample sample, LatencyHistograms histograms) throws IOException {
    sendFigures(Message.Interval.of(sample, histograms));
  }

  @Override
  public void finished(RunResult result) throws IOException {
    sendFigures(new Message.Finished(result));
  }

  /**
   * Keeps a figure for a coordinator restarted later and sends it to the one connected, if any: a
   * figure that finds none, or whose sending fails, goes to the next one with the rest.
   *
   * @throws IOException when the figure cannot be kept
   */
  private synchronized void sendFigures(Message figures) throws IOException {
    String line = Wire.text(figures);
    replay.append(line);
    Connection c = connected();
    if (c != null) {
      try {
        c.wire().sendLine(line);
      } catch (IOException e) {
        // The reader sees the connection gone and dials again; this line is sent with the rest.
      }
    }
  }

  /** The connection, or null while dialling or when dialling failed. */
  private Connection connected() {
    CompletableFuture<Connection> c = connection;
    return c.isDone() && !c.isCompletedExceptionally() ? c.join() : null;
  }

  /** Stops the heartbeats and any dialling, hangs up, and deletes the figures kept. */
  @Override
  public void close() throws IOException {
    heartbeats.shutdownNow();
    Connection c;
    synchronized (this) {
      closed = true;
      c = connected();
      replay.close();
    }
    if (c != null) {
      c.wire().close();
    }
  }

  private void read(Connection c) {
    IOException ended = new IOException("the coordinator closed the connection");
    try {
      for (Message m = c.wire().receive(); m != null; m = c.wire().receive()) {
        if (m instanceof Message.Stop stop) {
          stopReason = stop.reason();
          c.answer().complete(m);
          onStop.run();
        } else if (!(m instanceof Message.Heartbeat)) {
          if (m instanceof Message.Start s) {
            start = s;
          }
          c.answer().complete(m);
        }
      }
    } catch (IOException e) {
      ended = e;
    }
    c.answer().completeExceptionally(ended);
    rejoin(c);
  }

  /**
   * After the start, dials again a coordinator whose connection {@code lost} ended, saying the
   * start this shard had; before it, {@link #awaitStart} does.
   */
  private void rejoin(Connection lost) {
    Message.Start started = start;
    if (started == null) {
      return;
    }
    synchronized (this) {
      if (closed || connected() != lost) {
        return;
      }
      CompletableFuture<Connection> next = new CompletableFuture<>();
      connection = next;
      dialInBackground(next, hello.rejoining(started), false);
    }
  }

  private void beat() {
    Connection c = connected();
    if (c == null) {
      return;
    }
    try {
      c.wire().send(new Message.Heartbeat());
    } catch (IOException e) {
      // The reader sees the connection gone.
    }
  }

  private static void closeQuietly(Closeable c) {
    try {
      c.close();
    } catch (IOException e) {
      // Gone already: nothing to release.
    }
  }
}
