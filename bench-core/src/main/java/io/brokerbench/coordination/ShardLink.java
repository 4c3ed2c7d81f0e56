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
 * shard back); one that goes away after the start leaves the shard running: it writes its own
 * results, which {@code bench merge} can still add up.
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
    link.dialInBackground(link.connection);
    return link;
  }

  private void dialInBackground(CompletableFuture<Connection> into) {
    Thread dialler = new Thread(() -> connect(into), "brokerbench-coordinator-dial");
    dialler.setDaemon(true);
    dialler.start();
  }

  private void connect(CompletableFuture<Connection> into) {
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
        c.wire().send(hello);
        Thread reader = new Thread(() -> read(c), "brokerbench-coordinator-reader");
        reader.setDaemon(true);
        reader.start();
        into.complete(c);
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
    } while (System.nanoTime() - deadline < 0 && !heartbeats.isShutdown());
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
        dialInBackground(next);
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
    wire().send(new Message.Started(environment, workload));
  }

  @Override
  public void interval(IntervalSample sample, LatencyHistograms histograms) throws IOException {
    wire().send(Message.Interval.of(sample, histograms));
  }

  @Override
  public void finished(RunResult result) throws IOException {
    wire().send(new Message.Finished(result));
  }

  /** The connection, once made: only a run that started sends figures. */
  private Wire wire() throws IOException {
    Connection c = connection.getNow(null);
    if (c == null) {
      throw new IOException("not connected to the coordinator at " + coordinator);
    }
    return c.wire();
  }

  /** Stops the heartbeats and hangs up. */
  @Override
  public void close() throws IOException {
    heartbeats.shutdownNow();
    Connection c = connection.getNow(null);
    if (c != null) {
      c.wire().close();
    }
  }

  private void read(Connection c) {
    try {
      for (Message m = c.wire().receive(); m != null; m = c.wire().receive()) {
        if (m instanceof Message.Stop stop) {
          stopReason = stop.reason();
          c.answer().complete(m);
          onStop.run();
        } else if (!(m instanceof Message.Heartbeat)) {
          c.answer().complete(m);
        }
      }
      c.answer().completeExceptionally(new IOException("the coordinator closed the connection"));
    } catch (IOException e) {
      c.answer().completeExceptionally(e);
    }
  }

  private void beat() {
    Connection c = connection.getNow(null);
    if (c == null) {
      return;
    }
    try {
      c.wire().send(new Message.Heartbeat());
    } catch (IOException e) {
      // The reader sees the connection gone; a shard that has started runs on without it.
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
