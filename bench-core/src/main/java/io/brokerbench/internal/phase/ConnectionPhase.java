package io.brokerbench.internal.phase;

import io.brokerbench.internal.RunControl;
import io.brokerbench.internal.measure.ProcessSampler;
import io.brokerbench.latency.LatencyHistograms;
import io.brokerbench.latency.LatencyKind;
import io.brokerbench.latency.LatencyRecorder;
import io.brokerbench.rate.NanoClock;
import io.brokerbench.result.ConnectionsResult;
import io.brokerbench.spi.BrokerMemory;
import io.brokerbench.spi.ConnectFailure;
import io.brokerbench.spi.Driver;
import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.IdleConnection;
import io.brokerbench.workload.Connections;
import io.brokerbench.workload.WorkloadException;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.HdrHistogram.Histogram;

/**
 * The idle connections of a many-connections run: opened before the producers and consumers, at the
 * workload's rate by a few opener threads (each open blocks until the broker answered, so a handful
 * in parallel reach thousands per second without a thread per connection), held while the run
 * measures, then closed. It reads what they cost: the client's live heap and resident memory, its
 * threads, and the broker's memory where the driver can ask.
 */
public final class ConnectionPhase {
  /** Open files kept free for the run's own connections, sockets and files. */
  static final int SPARE_FILES = 200;

  private static final long PROGRESS_NANOS = 1_000_000_000L;
  private static final long JOIN_MILLIS = 1_000;

  /**
   * After Ctrl-C, how long openers still in a handshake and closers are waited for: the summary
   * must come out within the interrupt's grace, whatever the broker does. What is left is dropped
   * when the process ends.
   */
  static final long INTERRUPTED_WAIT_NANOS = 3_000_000_000L;

  private final Connections spec;
  private final Driver driver;
  private final NanoClock clock;
  private final RunControl control;
  private final Consumer<String> progress;
  private final ConcurrentLinkedQueue<IdleConnection> held = new ConcurrentLinkedQueue<>();
  private final AtomicInteger next = new AtomicInteger();
  private final AtomicLong opened = new AtomicLong();
  private final AtomicLong failed = new AtomicLong();
  private final Map<String, Long> failures = new TreeMap<>();
  private final Histogram fromIntended = LatencyRecorder.newHistogram();
  private final Histogram fromStart = LatencyRecorder.newHistogram();
  private final ProcessSampler process = new ProcessSampler();
  private String firstFailure;
  private double openSeconds;
  private double closeSeconds;
  private long heapBefore = -1;
  private long heapHeld = -1;
  private long rssBefore = -1;
  private long rssHeld = -1;
  private int threadsBefore;
  private int threadsHeld;
  private BrokerMemory brokerBefore;
  private BrokerMemory brokerHeld;
  private BrokerMemory brokerAfter;
  private String brokerMemoryError;
  private volatile boolean closed;

  public ConnectionPhase(
      Connections spec,
      Driver driver,
      NanoClock clock,
      RunControl control,
      Consumer<String> progress) {
    this.spec = spec;
    this.driver = driver;
    this.clock = clock;
    this.control = control;
    this.progress = progress;
  }

  /**
   * Refuses a count this process cannot hold: each connection is an open file, and the limit is the
   * process's ({@code ulimit -n}).
   *
   * @throws WorkloadException saying the limit and how to raise it
   */
  public static void checkFileLimit(int connections) {
    if (!(ManagementFactory.getOperatingSystemMXBean()
        instanceof com.sun.management.UnixOperatingSystemMXBean unix)) {
      return;
    }
    long max = unix.getMaxFileDescriptorCount();
    long free = max - unix.getOpenFileDescriptorCount() - SPARE_FILES;
    if (connections > free) {
      throw new WorkloadException(
          String.format(
              Locale.ROOT,
              "--connections %d needs as many open files, but this process may open %d more"
                  + " (ulimit -n is %d, %d kept for the run itself): raise the limit with"
                  + " 'ulimit -n' up to the hard limit ('ulimit -Hn'), or split the connections"
                  + " over several processes with --shard I/N",
              connections,
              Math.max(0, free),
              max,
              SPARE_FILES));
    }
  }

  /**
   * Opens the connections; returns when all were tried or the run was stopped.
   *
   * @throws DriverException when the driver can ask its broker for its memory but got no answer
   */
  public void open() throws DriverException {
    brokerBefore = driver.brokerMemory();
    heapBefore = liveHeap();
    rssBefore = process.rssBytes();
    threadsBefore = threads();
    int openers = Math.min(Connections.OPENERS, spec.count());
    long start = clock.nanoTime();
    List<Thread> threads = new ArrayList<>();
    for (int i = 0; i < openers; i++) {
      Thread t = new Thread(() -> openInTurn(start), "brokerbench-opener-" + i);
      t.setDaemon(true);
      threads.add(t);
      t.start();
    }
    long[] nextProgress = {start + PROGRESS_NANOS};
    awaitAll(
        threads,
        () -> {
          if (clock.nanoTime() >= nextProgress[0]) {
            nextProgress[0] += PROGRESS_NANOS;
            progress.accept(progressLine(start));
          }
        });
    openSeconds = (clock.nanoTime() - start) / 1e9;
    progress.accept(progressLine(start));
    heapHeld = liveHeap();
    rssHeld = process.rssBytes();
    threadsHeld = threads();
    if (brokerBefore != null) {
      brokerHeld = brokerMemoryNow();
    }
  }

  /**
   * Waits for the threads, calling {@code tick} about once a second; after Ctrl-C, at most {@link
   * #INTERRUPTED_WAIT_NANOS} more.
   */
  private void awaitAll(List<Thread> threads, Runnable tick) {
    long interruptedAt = 0;
    for (Thread t : threads) {
      while (t.isAlive()) {
        join(t);
        tick.run();
        if (control.interrupted()) {
          long now = System.nanoTime();
          if (interruptedAt == 0) {
            interruptedAt = now;
          } else if (now - interruptedAt > INTERRUPTED_WAIT_NANOS) {
            return;
          }
        }
      }
    }
  }

  /**
   * The broker's memory now, or null when it could not be read: once the connections are open, a
   * broker too busy to answer loses that figure, not the run's.
   */
  private BrokerMemory brokerMemoryNow() {
    if (control.interrupted()) {
      // A busy broker may take long to answer, and Ctrl-C wants the summary now.
      brokerMemoryError = "the run was interrupted";
      return null;
    }
    try {
      return driver.brokerMemory();
    } catch (DriverException e) {
      if (brokerMemoryError == null) {
        brokerMemoryError = e.getMessage();
      }
      return null;
    }
  }

  private String progressLine(long start) {
    double seconds = Math.max(1e-9, (clock.nanoTime() - start) / 1e9);
    return String.format(
        Locale.ROOT,
        "idle connections: %d of %d open (%.0f/s), %d failed",
        opened.get(),
        spec.count(),
        opened.get() / seconds,
        failed.get());
  }

  /** An opener: takes the next connection, waits for its turn at the rate, opens it. */
  private void openInTurn(long start) {
    try {
      int index;
      while (!control.stopping() && (index = next.getAndIncrement()) < spec.count()) {
        long due =
            spec.unlimitedRate()
                ? clock.nanoTime()
                : start + (long) (index * (1e9 / spec.openRate()));
        clock.sleepUntil(due);
        long began = clock.nanoTime();
        try {
          IdleConnection connection = driver.openIdleConnection(index, spec.channels());
          held.add(connection);
          if (closed && held.remove(connection)) {
            // Opened after Ctrl-C ended the phase: no closer will see it.
            closeQuietly(connection);
          }
          opened(due, began, clock.nanoTime());
        } catch (DriverException | RuntimeException e) {
          failed(e);
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Records one open time. Shared histograms under the lock: an open takes a handshake, and a
   * histogram per opener would be megabytes more of the memory this phase measures.
   */
  private synchronized void opened(long due, long began, long done) {
    fromIntended.recordValue(Math.min(Math.max(0, done - due), LatencyRecorder.HIGHEST_NANOS));
    fromStart.recordValue(Math.min(done - began, LatencyRecorder.HIGHEST_NANOS));
    opened.incrementAndGet();
  }

  private synchronized void failed(Exception e) {
    failed.incrementAndGet();
    ConnectFailure kind = ConnectFailure.of(e);
    // "other" alone would hide the cause: the broker's or this process's file limit, a reset.
    String cause =
        kind == ConnectFailure.OTHER
            ? "other (" + ConnectFailure.rootCause(e).getClass().getSimpleName() + ")"
            : kind.name().toLowerCase(Locale.ROOT);
    failures.merge(cause, 1L, Long::sum);
    if (firstFailure == null) {
      firstFailure = ConnectFailure.oneLine(e);
    }
  }

  /** The connections held now. */
  public List<IdleConnection> held() {
    return List.copyOf(held);
  }

  /** True once {@link #close()} ran. */
  public boolean closed() {
    return closed;
  }

  /** Closes every held connection, a few at a time; bounded by the driver's close timeout. */
  public void close() {
    closed = true;
    long start = clock.nanoTime();
    List<Thread> closers = new ArrayList<>();
    for (int i = 0; i < Math.min(Connections.OPENERS, Math.max(1, held.size())); i++) {
      Thread t =
          new Thread(
              () -> {
                IdleConnection c;
                while ((c = held.poll()) != null) {
                  closeQuietly(c);
                }
              },
              "brokerbench-closer-" + i);
      t.setDaemon(true);
      closers.add(t);
      t.start();
    }
    awaitAll(closers, () -> {});
    closeSeconds = (clock.nanoTime() - start) / 1e9;
    if (brokerBefore != null) {
      brokerAfter = brokerMemoryNow();
    }
  }

  private static void closeQuietly(IdleConnection connection) {
    try {
      connection.close();
    } catch (DriverException | RuntimeException e) {
      // Closing is best effort: the connection goes when the process ends at the latest.
    }
  }

  private static void join(Thread t) {
    try {
      t.join(JOIN_MILLIS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** The open times, for the run's latency totals. */
  public synchronized LatencyHistograms openTimes() {
    return LatencyHistograms.empty()
        .put(LatencyKind.CONNECT, fromIntended, 0)
        .put(LatencyKind.CONNECT_FROM_START, fromStart, 0);
  }

  /** What the phase measured. */
  public synchronized ConnectionsResult result() {
    long count = opened.get();
    return new ConnectionsResult(
        spec.count(),
        spec.channels(),
        count,
        failed.get(),
        failures,
        firstFailure,
        openSeconds,
        openSeconds > 0 ? count / openSeconds : 0,
        closeSeconds,
        ConnectionsResult.perConnection(heapBefore, heapHeld, count),
        ConnectionsResult.perConnection(rssBefore, rssHeld, count),
        threadsBefore,
        threadsHeld,
        brokerBefore == null ? null : brokerBefore.source(),
        bytes(brokerBefore),
        bytes(brokerHeld),
        bytes(brokerAfter),
        ConnectionsResult.perConnection(bytes(brokerBefore), bytes(brokerHeld), count),
        brokerMemoryError);
  }

  private static long bytes(BrokerMemory memory) {
    return memory == null ? -1 : memory.bytes();
  }

  /** Heap in use after a full collection: what the connections keep alive, not garbage. */
  private static long liveHeap() {
    System.gc();
    System.gc();
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }

  private static int threads() {
    return ManagementFactory.getThreadMXBean().getThreadCount();
  }
}
