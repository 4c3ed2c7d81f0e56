package io.brokerbench;

import io.brokerbench.internal.BoundedWait;
import io.brokerbench.internal.ResultAssembly;
import io.brokerbench.internal.Runner;
import io.brokerbench.internal.measure.SinkFanout;
import io.brokerbench.jfr.FlightRecorderEvents;
import io.brokerbench.rate.NanoClock;
import io.brokerbench.report.ReportSink;
import io.brokerbench.result.DriverSettings;
import io.brokerbench.result.RunResult;
import io.brokerbench.spi.Driver;
import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.DriverOption;
import io.brokerbench.spi.UriPasswords;
import io.brokerbench.threshold.Threshold;
import io.brokerbench.workload.Shard;
import io.brokerbench.workload.Workload;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ThreadLocalRandom;

/**
 * One run of a workload against a driver: the entry point for library users and the CLI.
 *
 * <pre>{@code
 * RunResult result = BenchmarkRun.builder(workload).driver("loopback").build().run();
 * }</pre>
 *
 * <p>{@link #run()} blocks until the run ends; {@link #interrupt()} from another thread (a Ctrl-C
 * hook) ends it early, and {@code run()} then returns the results so far with status {@code
 * interrupted}. Every run tells its sinks how it ended, a run that failed to set up too, so a
 * result file is written whatever happens.
 *
 * <p>A workload can be split over several runs, in one process or many, each playing a {@link
 * Shard} of it with the same {@linkplain Builder#producerIdBase producer id base}; their results
 * merge exactly ({@link io.brokerbench.result.ResultMerge}).
 */
public final class BenchmarkRun {
  private static final long TEAR_DOWN_MILLIS = 5_000;

  private final Workload workload;
  private final Driver driver;
  private final String driverName;
  private final Map<String, String> driverOptions;
  private final NanoClock clock;
  private final List<ReportSink> sinks;
  private final int producerIdBase;
  private final Shard shard;
  private final String commandLine;
  private final List<Threshold> thresholds;
  private final StartGate startGate;
  private final boolean refuseBusyQueues;
  private final boolean probeClock;
  private final boolean readBroker;
  private volatile Runner runner;
  // Done once interrupted: what a run opening its driver waits on beside the opening.
  private final CompletableFuture<Void> interruption = new CompletableFuture<>();

  private BenchmarkRun(Builder b) {
    this.workload = b.workload;
    this.driver = b.driver;
    this.driverName = b.driverName;
    this.driverOptions = Map.copyOf(b.driverOptions);
    this.clock = b.clock;
    this.sinks = List.copyOf(b.sinks);
    this.producerIdBase = b.producerIdBase;
    this.shard = b.shard != null ? b.shard : Shard.whole(workload);
    this.commandLine = b.commandLine;
    this.thresholds = List.copyOf(b.thresholds);
    this.startGate = b.startGate;
    this.refuseBusyQueues = b.refuseBusyQueues;
    this.probeClock = b.probeClock;
    this.readBroker = b.readBroker;
  }

  /**
   * The sinks, and the flight recorder's events when a recording is running: a JVM started with
   * {@code -XX:StartFlightRecording} shows the run beside its GC pauses with nothing else to do.
   */
  private static List<ReportSink> withFlightRecorder(List<ReportSink> sinks) {
    if (!FlightRecorderEvents.recording()) {
      return sinks;
    }
    List<ReportSink> all = new ArrayList<>(sinks);
    all.add(new FlightRecorderEvents());
    return all;
  }

  /** A builder for a run of this workload. */
  public static Builder builder(Workload workload) {
    return new Builder(workload);
  }

  /**
   * Runs the workload and returns its result. A driver given by name is opened here and closed at
   * the end; a driver instance given by the caller is left open. When the run cannot be set up, the
   * sinks receive a {@code failed} result with the error before this method throws. A clean-up that
   * fails once the result exists (deleting queues on a broker that went away) does not change it:
   * the sinks get a notice and the result is returned.
   *
   * @throws DriverException when the driver cannot open or the run cannot be set up (unreachable
   *     broker, bad credentials, destination missing)
   * @throws io.brokerbench.workload.WorkloadException when the workload does not fit the driver
   */
  public RunResult run() throws DriverException {
    SinkFanout fanout = new SinkFanout(withFlightRecorder(sinks));
    ResultAssembly assembly =
        new ResultAssembly(workload, shard, driverSettings(), commandLine, thresholds, probeClock);
    Runner r = null;
    RunResult result = null;
    try {
      boolean interruptedFirst = interruption.isDone();
      Driver opened = driver != null ? driver : open();
      if (opened == null) {
        RunResult stopped =
            assembly.interruptedBeforeSending(
                null,
                interruptedFirst
                    ? "as it started"
                    : "while connecting (opening driver " + driverName + ")");
        fanout.each(sink -> sink.finished(stopped));
        return stopped;
      }
      try {
        r =
            new Runner(
                workload,
                shard,
                opened,
                clock,
                fanout,
                assembly,
                producerIdBase,
                startGate,
                refuseBusyQueues,
                // The first shard reads the broker for the whole run: others would repeat it.
                readBroker && shard.index() == 0 ? opened.brokerLoad() : null);
        runner = r;
        if (interruption.isDone()) {
          r.interrupt();
        }
        result = r.run();
        return result;
      } finally {
        if (driver == null) {
          tearDown(opened, shard.deletesWhatItDeclared());
        }
      }
    } catch (DriverException | RuntimeException e) {
      if (result != null) {
        // The sinks have the run's result, which stands: a clean-up that failed after it (a queue
        // left behind, a broker gone) is said, not made a second verdict that contradicts it.
        RunResult measured = result;
        fanout.each(
            sink ->
                sink.notice("clean-up after the run failed (the result stands): " + oneLine(e)));
        return measured;
      }
      RunResult failed =
          assembly.failedBeforeStart(r == null ? null : r.description(), e.getMessage());
      fanout.each(sink -> sink.finished(failed));
      throw e;
    } finally {
      fanout.close();
    }
  }

  /**
   * Opens the named driver on a thread of its own: a connect to a port that never answers lasts as
   * long as its timeout, which an interrupt need not wait for (nor the signal's grace allow). A
   * driver that opens after the interrupt is torn down on that thread.
   *
   * @return the driver, or null when the run was interrupted first
   */
  private Driver open() throws DriverException {
    if (interruption.isDone()) {
      return null;
    }
    CompletableFuture<Driver> opening = new CompletableFuture<>();
    Thread thread =
        new Thread(
            () -> {
              try {
                opening.complete(Drivers.open(driverName, driverOptions));
              } catch (Throwable e) {
                opening.completeExceptionally(e);
              }
            },
            "brokerbench-open");
    thread.setDaemon(true);
    thread.start();
    CompletableFuture.anyOf(opening, interruption).exceptionally(e -> null).join();
    if (opening.isDone() && !interruption.isDone()) {
      try {
        return opening.join();
      } catch (CompletionException e) {
        Throwable cause = e.getCause();
        if (cause instanceof DriverException d) {
          throw d;
        }
        if (cause instanceof RuntimeException re) {
          throw re;
        }
        throw (Error) cause;
      }
    }
    opening.thenAccept(opened -> abandon(opened, shard.deletesWhatItDeclared()));
    return null;
  }

  /** Tears down a driver the run no longer wants; a failure changes nothing. */
  private static void abandon(Driver opened, boolean deleteDeclared) {
    try {
      tearDown(opened, deleteDeclared);
    } catch (DriverException | RuntimeException e) {
      // The run ended before it used the driver: nothing of it to report.
    }
  }

  /**
   * Deletes what the run declared (unless {@code deleteDeclared} is false: one shard of several)
   * and closes the driver, waiting a bounded time for both: a broker that froze or went silent
   * answers neither. An embedded broker, which shuts down with the driver in this process, is
   * waited for.
   */
  private static void tearDown(Driver opened, boolean deleteDeclared) throws DriverException {
    Exception[] failure = new Exception[1];
    Runnable steps =
        () -> {
          try {
            if (deleteDeclared) {
              opened.cleanup();
            }
          } catch (DriverException | RuntimeException e) {
            failure[0] = e;
          } finally {
            try {
              opened.close();
            } catch (DriverException | RuntimeException e) {
              if (failure[0] == null) {
                failure[0] = e;
              }
            }
          }
        };
    if (opened.description().embedded()) {
      steps.run();
    } else if (!BoundedWait.run("clean-up", steps, TEAR_DOWN_MILLIS)) {
      throw new DriverException(
          "the broker did not answer within "
              + TEAR_DOWN_MILLIS / 1000
              + " s while the run's queues were deleted and its connections closed: they are left"
              + " to the broker");
    }
    if (failure[0] instanceof DriverException d) {
      throw d;
    }
    if (failure[0] instanceof RuntimeException r) {
      throw r;
    }
  }

  private static String oneLine(Exception e) {
    return String.valueOf(e.getMessage()).replaceAll("\\s+", " ");
  }

  /** The driver and its options in effect: given, else the driver's default, passwords masked. */
  private DriverSettings driverSettings() {
    if (driver != null) {
      return new DriverSettings(driver.description().driver(), Map.of());
    }
    Map<String, String> options = new LinkedHashMap<>();
    for (DriverOption option : Drivers.find(driverName).options()) {
      String value = driverOptions.getOrDefault(option.name(), option.defaultValue());
      options.put(option.name(), UriPasswords.shown(option, value));
    }
    return new DriverSettings(driverName, options);
  }

  /** Ends the run early; {@link #run()} returns what was measured so far. Any thread. */
  public void interrupt() {
    interruption.complete(null);
    Runner r = runner;
    if (r != null) {
      r.interrupt();
    }
  }

  /** Builds a {@link BenchmarkRun}. */
  public static final class Builder {
    private final Workload workload;
    private Driver driver;
    private String driverName;
    private Map<String, String> driverOptions = Map.of();
    private NanoClock clock = NanoClock.system();
    private final List<ReportSink> sinks = new ArrayList<>();
    private int producerIdBase = ThreadLocalRandom.current().nextInt(1 << 16);
    private Shard shard;
    private String commandLine;
    private final List<Threshold> thresholds = new ArrayList<>();
    private StartGate startGate = StartGate.at(null);
    private boolean refuseBusyQueues;
    private boolean probeClock = true;
    private boolean readBroker = true;

    private Builder(Workload workload) {
      this.workload = Objects.requireNonNull(workload, "workload");
    }

    /** Uses a driver instance the caller opened (and will close). */
    public Builder driver(Driver driver) {
      this.driver = Objects.requireNonNull(driver, "driver");
      return this;
    }

    /** Uses the named driver with its default options. */
    public Builder driver(String name) {
      return driver(name, Map.of());
    }

    /** Uses the named driver with options (see {@link Drivers#find} and the driver's options). */
    public Builder driver(String name, Map<String, String> options) {
      this.driverName = Objects.requireNonNull(name, "name");
      this.driverOptions = Objects.requireNonNull(options, "options");
      return this;
    }

    /** The clock (tests inject a manual one). */
    public Builder clock(NanoClock clock) {
      this.clock = Objects.requireNonNull(clock, "clock");
      return this;
    }

    /** Adds an output: console, files, Prometheus. The run closes it at its end. */
    public Builder sink(ReportSink sink) {
      sinks.add(Objects.requireNonNull(sink, "sink"));
      return this;
    }

    /**
     * The first producer id stamped into messages; random by default so that messages left over
     * from an earlier run are told apart. Producers and consumers in different processes must use
     * the same base.
     */
    public Builder producerIdBase(int base) {
      this.producerIdBase = base & 0xFFFF;
      return this;
    }

    /**
     * Makes this run one shard of a larger workload: the builder's workload then describes this
     * run's own producers and consumers, and {@code shard} where they sit in the whole.
     */
    public Builder shard(Shard shard) {
      this.shard = Objects.requireNonNull(shard, "shard");
      return this;
    }

    /** The command line that started the run, for the result; passwords must be masked already. */
    public Builder commandLine(String commandLine) {
      this.commandLine = commandLine;
      return this;
    }

    /**
     * Starts sending at this instant rather than at the next interval boundary, so that runs in
     * several processes (the shards of one workload) start together; at most an hour ahead.
     *
     * @throws io.brokerbench.workload.WorkloadException when it is more than an hour ahead
     */
    public Builder startAt(Instant startAt) {
      if (startAt.isAfter(Instant.now().plus(Duration.ofHours(1)))) {
        throw new io.brokerbench.workload.WorkloadException(
            "start time " + startAt + " is more than an hour ahead: give a nearer one");
      }
      this.startGate = StartGate.at(startAt);
      return this;
    }

    /**
     * Asks this gate, once the run is set up, when to start sending: a coordinator starts the
     * shards of one workload together once all are ready. Replaces {@link #startAt}.
     */
    public Builder startGate(StartGate gate) {
      this.startGate = Objects.requireNonNull(gate, "gate");
      return this;
    }

    /**
     * Refuses, when {@code refuse}, a destination that has consumers not of this run when it starts
     * (the run fails to set up, naming it), instead of warning {@link
     * io.brokerbench.result.Warning#FOREIGN_CONSUMERS}: those consumers take a share of its
     * messages, which the run counts as lost. Only drivers that can count a destination's consumers
     * tell ({@link Driver#consumersOf}).
     */
    public Builder refuseBusyQueues(boolean refuse) {
      this.refuseBusyQueues = refuse;
      return this;
    }

    /**
     * Whether the result's {@linkplain io.brokerbench.result.Environment#clock() environment} says
     * how far this host's clock may be off (the default), or says {@linkplain
     * io.brokerbench.result.ClockStatus#UNKNOWN unknown}. Asking the kernel goes through JNA, whose
     * loading costs a few hundred milliseconds of CPU at the start of the run; a run whose result
     * is neither written nor merged with other hosts' does not need the answer.
     */
    public Builder probeClock(boolean probe) {
      this.probeClock = probe;
      return this;
    }

    /**
     * Whether to read the broker's own load through the run (its CPU, memory, network, disk, queue
     * depth), where the driver can; on by default. Off, the client pays only for sending and
     * receiving, as a tool that does not read the broker: the fair side of a CPU comparison.
     */
    public Builder readBroker(boolean read) {
      this.readBroker = read;
      return this;
    }

    /**
     * Adds a pass/fail criterion, checked on the result before the sinks see it ({@link
     * io.brokerbench.result.RunVerdict#thresholds()}).
     *
     * @throws io.brokerbench.threshold.ThresholdException when it compares with a baseline, which a
     *     single run has not
     */
    public Builder threshold(Threshold threshold) {
      if (threshold.relative()) {
        throw new io.brokerbench.threshold.ThresholdException(
            "threshold '"
                + threshold.text()
                + "' compares with a baseline: use it with bench compare");
      }
      int step = threshold.metric().step();
      int steps = workload.rate().steps().size();
      if (step >= steps) {
        // Said before the run, not after it as a value that was never measured.
        throw new io.brokerbench.threshold.ThresholdException(
            "threshold '"
                + threshold.text()
                + "' names step "
                + step
                + ", but the run has "
                + (steps == 1 ? "one step, step0" : "steps 0 to " + (steps - 1)));
      }
      thresholds.add(threshold);
      return this;
    }

    /** Builds the run. */
    public BenchmarkRun build() {
      if (driver == null && driverName == null) {
        throw new IllegalStateException("no driver: call driver(name) or driver(instance)");
      }
      return new BenchmarkRun(this);
    }
  }
}
