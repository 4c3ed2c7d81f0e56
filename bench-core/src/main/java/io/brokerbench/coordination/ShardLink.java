package io.brokerbench.coordination;

import io.brokerbench.StartGate;
import io.brokerbench.latency.LatencyHistograms;
import io.brokerbench.report.ReportSink;
import io.brokerbench.result.Environment;
import io.brokerbench.result.IntervalSample;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.WorkloadSummary;
import io.brokerbench.spi.DriverException;
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
 * <p>A coordinator that goes away after the start leaves the shard running: it writes its own
 * results, which {@code bench merge} can still add up.
 */
public final class ShardLink implements StartGate, ReportSink {
  private static final long POLL_MILLIS = 50;
  private static final long RETRY_MILLIS = 200;
  private static final int CONNECT_MILLIS = 1_000;

  private final InetSocketAddress coordinator;
  private final CompletableFuture<Wire> connected = new CompletableFuture<>();
  private final CompletableFuture<Message> answer = new CompletableFuture<>();
  private final ScheduledExecutorService heartbeats =
      Executors.newSingleThreadScheduledExecutor(
          r -> {
            Thread t = new Thread(r, "brokerbench-heartbeat");
            t.setDaemon(true);
            return t;
          });
  private volatile Runnable onStop = () -> {};
  private volatile String stopReason;

  private ShardLink(InetSocketAddress coordinator) {
    this.coordinator = coordinator;
  }

  /**
   * Starts dialling the coordinator, on a thread of its own, trying again until {@code patience}
   * has passed (its pod may start after this one), and says hello once connected: the run sets up
   * meanwhile, and fails at its start if the coordinator could not be reached, with its result
   * written as any failed run's.
   */
  public static ShardLink dial(
      InetSocketAddress coordinator, Duration patience, Message.Hello hello) {
    ShardLink link = new ShardLink(coordinator);
    Thread dialler =
        new Thread(() -> link.connect(patience, hello), "brokerbench-coordinator-dial");
    dialler.setDaemon(true);
    dialler.start();
    return link;
  }

  private void connect(Duration patience, Message.Hello hello) {
    long deadline = System.nanoTime() + patience.toNanos();
    IOException last = null;
    do {
      Socket socket = new Socket();
      try {
        // Resolved at each try: a Service's name may resolve only once its pod is up.
        socket.connect(
            new InetSocketAddress(coordinator.getHostString(), coordinator.getPort()),
            CONNECT_MILLIS);
        Wire wire = new Wire(socket);
        wire.send(hello);
        Thread reader = new Thread(() -> read(wire), "brokerbench-coordinator-reader");
        reader.setDaemon(true);
        reader.start();
        long every = Heartbeats.INTERVAL.toMillis();
        heartbeats.scheduleAtFixedRate(() -> beat(wire), every, every, TimeUnit.MILLISECONDS);
        connected.complete(wire);
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
    connected.completeExceptionally(
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

  /** Says ready and waits for the coordinator's start. */
  @Override
  public Instant awaitStart(BooleanSupplier stopping) throws DriverException, InterruptedException {
    Wire wire = null;
    while (wire == null && !stopping.getAsBoolean()) {
      try {
        wire = connected.get(POLL_MILLIS, TimeUnit.MILLISECONDS);
      } catch (TimeoutException e) {
        continue;
      } catch (ExecutionException e) {
        throw new DriverException(e.getCause().getMessage());
      }
    }
    if (wire == null) {
      return null;
    }
    try {
      wire.send(new Message.Ready());
    } catch (IOException e) {
      throw lost(e);
    }
    while (!stopping.getAsBoolean()) {
      Message m;
      try {
        m = answer.get(POLL_MILLIS, TimeUnit.MILLISECONDS);
      } catch (TimeoutException e) {
        continue;
      } catch (ExecutionException e) {
        throw lost(e.getCause());
      }
      if (m instanceof Message.Start s) {
        return Instant.ofEpochMilli(s.startEpochMillis());
      }
      if (m instanceof Message.Refused r) {
        throw new DriverException("the coordinator refused this shard: " + r.reason());
      }
      // A stop before the start: the interrupt it caused ends the wait.
      return null;
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
    Wire wire = connected.getNow(null);
    if (wire == null) {
      throw new IOException("not connected to the coordinator at " + coordinator);
    }
    return wire;
  }

  /** Stops the heartbeats and hangs up. */
  @Override
  public void close() throws IOException {
    heartbeats.shutdownNow();
    Wire wire = connected.getNow(null);
    if (wire != null) {
      wire.close();
    }
  }

  private void read(Wire wire) {
    try {
      for (Message m = wire.receive(); m != null; m = wire.receive()) {
        if (m instanceof Message.Stop stop) {
          stopReason = stop.reason();
          answer.complete(m);
          onStop.run();
        } else if (!(m instanceof Message.Heartbeat)) {
          answer.complete(m);
        }
      }
      answer.completeExceptionally(new IOException("the coordinator closed the connection"));
    } catch (IOException e) {
      answer.completeExceptionally(e);
    }
  }

  private void beat(Wire wire) {
    try {
      wire.send(new Message.Heartbeat());
    } catch (IOException e) {
      // The reader sees the connection gone; a shard that has started runs on without it.
    }
  }

  private DriverException lost(Throwable cause) {
    return new DriverException(
        "lost the coordinator at " + coordinator + " before the start: " + cause.getMessage());
  }

  private static void closeQuietly(Socket socket) {
    try {
      socket.close();
    } catch (IOException e) {
      // Never connected: nothing to release.
    }
  }
}
