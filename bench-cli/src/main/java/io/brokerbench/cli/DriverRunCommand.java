package io.brokerbench.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.brokerbench.BenchmarkRun;
import io.brokerbench.compare.RepeatedRuns;
import io.brokerbench.report.ReportSink;
import io.brokerbench.report.RunDirectory;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.ThresholdOutcome;
import io.brokerbench.result.Warning;
import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.DriverOption;
import io.brokerbench.spi.DriverProvider;
import io.brokerbench.threshold.Threshold;
import io.brokerbench.workload.Shard;
import io.brokerbench.workload.Workload;
import io.brokerbench.workload.WorkloadException;
import io.brokerbench.workload.WorkloadSpec;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code bench run <driver>}: the workload options, the output options, and the driver's own
 * options added from its {@link DriverOption}s.
 */
@Command(
    sortOptions = false,
    usageHelpAutoWidth = true,
    description = "%nRuns a workload and prints per-interval figures and a summary.%n")
final class DriverRunCommand implements Callable<Integer> {
  private final DriverProvider provider;

  @Spec CommandSpec spec;

  @Mixin OutputOptions output;

  @Mixin ShardOptions shardOptions;

  @CommandLine.Option(
      names = "--assert",
      paramLabel = "<threshold>",
      description =
          "A pass/fail criterion, repeatable: 'e2e.p99 < 5ms', 'lost == 0',"
              + " 'received.rate >= 20000'. A run that fails one exits "
              + ExitCodes.THRESHOLD_FAILED
              + "; thresholds that held on a suspect run (the generator or the machine may have"
              + " set the figures) exit "
              + ExitCodes.SUSPECT
              + ".")
  List<String> asserts = new ArrayList<>();

  @CommandLine.Option(
      names = "--no-broker-load",
      description =
          "Do not read the broker's own load (CPU, memory, network, disk, queue depth) through the"
              + " run: the client then pays only for sending and receiving, as a tool that does not"
              + " read the broker (the fair side of a CPU comparison).")
  boolean noBrokerLoad;

  @CommandLine.Option(
      names = "--repeat",
      paramLabel = "N",
      defaultValue = "1",
      description =
          "Run the workload N times, one after another, then print each figure's median across"
              + " the runs, its 95%% confidence interval (6 runs or more) and range. With -o,"
              + " each run goes to DIR/rep-1, DIR/rep-2, … and the summary to DIR/"
              + RunDirectory.REPEATS
              + "; bench compare takes DIR as its runs. --assert is then checked on the runs'"
              + " median and its interval: one the runs cannot decide exits "
              + ExitCodes.INCONCLUSIVE
              + ".")
  int repeat;

  @CommandLine.Option(
      names = "--refuse-busy-queue",
      description =
          "Refuse a queue that already has consumers not of this run (exit "
              + ExitCodes.RUN_FAILED
              + ") instead of warning FOREIGN_CONSUMERS: they would take a share of its messages,"
              + " counted as lost.")
  boolean refuseBusyQueue;

  @CommandLine.Option(
      names = "--help",
      usageHelp = true,
      description = "Show this help, with the driver's own options.")
  boolean help;

  DriverRunCommand(DriverProvider provider) {
    this.provider = provider;
  }

  /** Adds the driver's options to its command. */
  static CommandLine create(DriverProvider provider) {
    CommandLine commandLine = new CommandLine(new DriverRunCommand(provider));
    DriverArguments.declare(commandLine.getCommandSpec(), provider);
    return commandLine;
  }

  @Override
  public Integer call() {
    if (repeat < 1) {
      throw new WorkloadException("--repeat must be 1 or more (got " + repeat + ")");
    }
    WorkloadSpec workloadSpec = workloadSpec();
    Workload whole = workloadSpec.toWorkload();
    Shard.Part shard = shardOptions.plan(whole, System::getenv);
    if (shard != null && !workloadSpec.namesQueue()) {
      // Each shard process would draw a queue of its own: producers and consumers apart.
      throw new WorkloadException(
          "a sharded run needs its queue named, the same in every shard: give -u NAME (or"
              + " --queue-pattern)");
    }
    if (repeat > 1 && (shard != null || output.prometheusPort != null)) {
      throw new WorkloadException(
          "--repeat runs the workload whole, one run after another: it cannot be combined with "
              + (shard != null ? "--shard" : "--prometheus-port")
              + "; run without --repeat, or repeat the command");
    }
    String coordinator = shardOptions.coordinator(shard, System::getenv);
    Workload workload = shard == null ? whole : shard.workload();
    Map<String, String> driverOptions =
        BrokerTargets.announced(provider, driverOptions(), spec.commandLine().getOut());
    if (repeat == 1) {
      return runWithInterruptHook(
          build(workload, shard, driverOptions, output.sinks(), coordinator));
    }
    return repeated(workload, driverOptions);
  }

  /** The run, its console reports and these sinks added, joined to the coordinator if named. */
  private BenchmarkRun build(
      Workload workload,
      Shard.Part shard,
      Map<String, String> driverOptions,
      List<ReportSink> sinks,
      String coordinator) {
    List<ReportSink> consoles =
        output.consoleReports(provider.familiarReport(), spec.commandLine().getOut());
    BenchmarkRun.Builder builder =
        BenchmarkRun.builder(workload)
            .driver(provider.name(), driverOptions)
            .commandLine(CommandLineText.masked(spec.commandLine(), provider))
            .refuseBusyQueues(refuseBusyQueue)
            // The clock status is for result.json and the merge of shards from several hosts; a
            // run that writes no result spares the JNA start-up.
            .probeClock(output.outputDir != null || shard != null)
            .readBroker(!noBrokerLoad);
    shardOptions.configure(builder, shard, System::getenv);
    for (String text : asserts) {
      builder.threshold(Threshold.parse(text));
    }
    consoles.forEach(builder::sink);
    sinks.forEach(builder::sink);
    Consumer<BenchmarkRun> joined =
        coordinator == null ? run -> {} : CoordinatorDial.join(builder, coordinator, shard.shard());
    BenchmarkRun run = builder.build();
    joined.accept(run);
    return run;
  }

  private int runWithInterruptHook(BenchmarkRun run) {
    InterruptHook hook = InterruptHook.install(run::interrupt);
    try {
      RunResult result = run.run();
      return exitCode(result, spec.commandLine().getErr());
    } catch (DriverException | RuntimeException e) {
      return failure(e);
    } finally {
      hook.close();
    }
  }

  /**
   * Runs the workload {@link #repeat} times and prints the figures' spread; stops at a run that
   * failed to start or was interrupted. One hook covers the runs, so that a signal between two ends
   * the repeats instead of starting the next one.
   */
  private int repeated(Workload workload, Map<String, String> driverOptions) {
    PrintWriter out = spec.commandLine().getOut();
    AtomicBoolean stopped = new AtomicBoolean();
    AtomicReference<BenchmarkRun> current = new AtomicReference<>();
    InterruptHook hook =
        InterruptHook.install(
            () -> {
              stopped.set(true);
              BenchmarkRun run = current.get();
              if (run != null) {
                run.interrupt();
              }
            });
    try {
      List<RunResult> results = new ArrayList<>();
      // The first run starts whatever happens, so that a signal that came first still leaves an
      // interrupted run's result.json, as a single run does.
      for (int i = 1; i <= repeat && (i == 1 || !stopped.get()); i++) {
        out.printf(Locale.ROOT, "%n== run %d of %d ==%n", i, repeat);
        Path dir =
            output.outputDir == null ? null : RunDirectory.of(output.outputDir).repeat(i).path();
        BenchmarkRun run = build(workload, null, driverOptions, output.sinks(dir), null);
        current.set(run);
        if (stopped.get()) {
          run.interrupt();
        }
        RunResult result = run.run();
        results.add(result);
        if (RunResult.FAILED.equals(result.ending().status())) {
          break;
        }
      }
      RepeatedRuns summary = RepeatedRuns.of(results);
      RepeatTable.print(summary, out);
      List<ThresholdOutcome> overRuns =
          asserts.stream()
              .map(text -> RepeatedRuns.check(Threshold.parse(text), results, Double.NaN))
              .toList();
      overRuns.forEach(t -> out.println(t.message()));
      out.flush();
      if (output.outputDir != null) {
        writeSummary(summary, RunDirectory.of(output.outputDir).file(RunDirectory.REPEATS));
      }
      return repeatedExitCode(results, overRuns, spec.commandLine().getErr());
    } catch (DriverException | RuntimeException e) {
      return failure(e);
    } finally {
      hook.close();
    }
  }

  /**
   * The exit code of repeated runs: a run that failed or was interrupted, else the thresholds as
   * checked on the runs' medians and intervals (failed, then inconclusive after a loss), else a
   * loss, else thresholds that held on suspect runs.
   */
  private static int repeatedExitCode(
      List<RunResult> results, List<ThresholdOutcome> overRuns, PrintWriter err) {
    try {
      for (int i = 0; i < results.size(); i++) {
        RunResult r = results.get(i);
        if (RunResult.FAILED.equals(r.ending().status())) {
          err.println("bench: run " + (i + 1) + " failed: " + r.ending().error());
          return ExitCodes.RUN_FAILED;
        }
        if (RunResult.INTERRUPTED.equals(r.ending().status())) {
          return ExitCodes.INTERRUPTED;
        }
      }
      List<ThresholdOutcome> failed =
          overRuns.stream().filter(t -> !t.passed() && !t.inconclusive()).toList();
      if (!failed.isEmpty()) {
        failed.forEach(t -> err.println("bench: threshold " + t.message()));
        return ExitCodes.THRESHOLD_FAILED;
      }
      long lost = results.stream().mapToLong(r -> r.figures().integrity().lost()).sum();
      if (lost > 0) {
        err.println("bench: " + lost + " message(s) lost: exit " + ExitCodes.LOSS);
        return ExitCodes.LOSS;
      }
      List<ThresholdOutcome> undecided =
          overRuns.stream().filter(ThresholdOutcome::inconclusive).toList();
      if (!undecided.isEmpty()) {
        undecided.forEach(t -> err.println("bench: threshold " + t.message()));
        return ExitCodes.INCONCLUSIVE;
      }
      if (!overRuns.isEmpty() && results.stream().anyMatch(r -> !r.validity().valid())) {
        err.println("bench: thresholds held on suspect runs: exit " + ExitCodes.SUSPECT);
        return ExitCodes.SUSPECT;
      }
      return ExitCodes.OK;
    } finally {
      err.flush();
    }
  }

  private static void writeSummary(RepeatedRuns summary, Path file) {
    try {
      // Made here, not in a static field: a mapper made at start-up loads some 400 classes of
      // Jackson into every command line.
      new ObjectMapper()
          .enable(SerializationFeature.INDENT_OUTPUT)
          .writeValue(file.toFile(), summary);
    } catch (IOException e) {
      throw new WorkloadException(
          "cannot write " + file + " (" + e.getMessage() + "): choose a writable --output-dir");
    }
  }

  /** A run that did not get to measure: its one line, printed before a signalled JVM exits. */
  private int failure(Exception e) {
    return BenchCommand.failure(
        e instanceof DriverException d ? new RunFailedException(d) : e,
        spec.commandLine(),
        spec.commandLine().getParseResult().hasMatchedOption("--verbose"));
  }

  /**
   * The exit code of a run that measured: a failure's line goes to standard error as well as into
   * the summary; a completed run whose thresholds do not all hold exits {@link
   * ExitCodes#THRESHOLD_FAILED}, else one that lost messages exits {@link ExitCodes#LOSS}, else one
   * whose thresholds held on a suspect run exits {@link ExitCodes#SUSPECT}.
   */
  private static int exitCode(RunResult result, PrintWriter err) {
    switch (result.ending().status()) {
      case RunResult.INTERRUPTED:
        return ExitCodes.INTERRUPTED;
      case RunResult.FAILED:
        err.println("bench: run failed: " + result.ending().error());
        err.flush();
        return ExitCodes.RUN_FAILED;
      default:
        if (!result.thresholdsPassed()) {
          for (ThresholdOutcome t : result.verdict().thresholds()) {
            if (!t.passed()) {
              err.println("bench: threshold " + t.message());
            }
          }
          err.flush();
          return ExitCodes.THRESHOLD_FAILED;
        }
        if (result.warned(Warning.LOSS)) {
          err.println(
              "bench: "
                  + result.figures().integrity().lost()
                  + " message(s) lost: exit "
                  + ExitCodes.LOSS);
          err.flush();
          return ExitCodes.LOSS;
        }
        if (!result.verdict().thresholds().isEmpty() && !result.validity().valid()) {
          err.println(
              "bench: thresholds held on a suspect run ("
                  + result.validity().codes()
                  + "): exit "
                  + ExitCodes.SUSPECT);
          err.flush();
          return ExitCodes.SUSPECT;
        }
        return ExitCodes.OK;
    }
  }

  /**
   * The workload options as given on the parsed command line, with the driver's tool aliases.
   *
   * @throws WorkloadException naming the first value that is not valid
   */
  WorkloadSpec workloadSpec() {
    return DriverArguments.workloadSpec(spec, provider);
  }

  /**
   * The driver's options as given on the parsed command line, by name, with its {@code -f} flags.
   *
   * @throws WorkloadException for a flag the driver does not know, or a positional argument given
   *     twice
   */
  Map<String, String> driverOptions() {
    return DriverArguments.driverOptions(spec, provider);
  }

  /** A set-up failure reported by the driver: exit code 1 with its one-line message. */
  static final class RunFailedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    RunFailedException(DriverException cause) {
      super(cause.getMessage(), cause);
    }
  }
}
