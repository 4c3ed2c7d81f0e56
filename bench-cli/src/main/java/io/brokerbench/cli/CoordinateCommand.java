package io.brokerbench.cli;

import io.brokerbench.coordination.Coordinator;
import io.brokerbench.coordination.Rendezvous;
import io.brokerbench.rate.NanoClock;
import io.brokerbench.report.ReportSink;
import io.brokerbench.result.RunResult;
import io.brokerbench.threshold.Threshold;
import io.brokerbench.threshold.ThresholdException;
import io.brokerbench.workload.DurationSyntax;
import io.brokerbench.workload.WorkloadException;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code bench coordinate}: one live run of shards that dial in with {@code --coordinator}. */
@Command(
    name = "coordinate",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    header = "Coordinates one live run of many shards.",
    description = {
      "%nWaits for the shards (bench run … --shard I/N --coordinator HOST:PORT) to dial in,"
          + " starts them together once all are set up, prints one table for the whole run as"
          + " intervals close, and writes the merged result as bench merge would. A shard that"
          + " stops answering is named at once; a result without it is partial and exits "
          + ExitCodes.RUN_FAILED
          + ".%n"
    })
final class CoordinateCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin OutputOptions output;

  @Option(
      names = "--shards",
      required = true,
      paramLabel = "N",
      description = "How many shards the run is split into (the N of their --shard I/N).")
  int shards;

  @Option(
      names = "--host",
      defaultValue = "0.0.0.0",
      description =
          "The address shards dial (default: ${DEFAULT-VALUE}, every interface: shards run on"
              + " other hosts).")
  String host;

  @Option(
      names = "--port",
      defaultValue = "7070",
      description = "The port shards dial (default: ${DEFAULT-VALUE}).")
  int port;

  @Option(
      names = "--ready-timeout",
      defaultValue = "2m",
      paramLabel = "DURATION",
      description =
          "How long to wait for every shard to be set up (default: ${DEFAULT-VALUE}); then"
              + " --missing decides.")
  String readyTimeout;

  @Option(
      names = "--missing",
      defaultValue = "fail",
      paramLabel = "start|fail",
      description =
          "Shards not ready by --ready-timeout: start without them (named, the result partial)"
              + " or fail the run (default: ${DEFAULT-VALUE}).")
  String missing;

  @Option(
      names = "--lost-after",
      defaultValue = "10s",
      paramLabel = "DURATION",
      description =
          "A running shard silent this long is lost (default: ${DEFAULT-VALUE}); one whose"
              + " connection closes is lost at once.")
  String lostAfter;

  @Option(
      names = "--on-lost",
      defaultValue = "continue",
      paramLabel = "continue|stop",
      description =
          "When a shard is lost: the others go on, or all stop and write their results (default:"
              + " ${DEFAULT-VALUE}).")
  String onLost;

  @Option(
      names = "--assert",
      paramLabel = "<threshold>",
      description =
          "A pass/fail criterion on the merged run, repeatable, as bench run takes it: checked"
              + " on the merged result (a failed one exits "
              + ExitCodes.THRESHOLD_FAILED
              + "), and as intervals arrive for a ceiling on a figure that only grows (a count,"
              + " a max latency).")
  List<String> asserts = new ArrayList<>();

  @Option(
      names = "--abort-on-fail",
      description =
          "Stop every shard (each writes its results) as soon as a threshold can no longer hold.")
  boolean abortOnFail;

  @Override
  public Integer call() {
    Coordinator.Settings settings = settings();
    PrintWriter out = spec.commandLine().getOut();
    ServerSocket server = listen();
    List<ReportSink> sinks = new ArrayList<>(output.consoleReports(null, out));
    try {
      sinks.addAll(output.sinks());
    } catch (RuntimeException e) {
      close(server);
      throw e;
    }
    Coordinator coordinator = new Coordinator(server, settings, NanoClock.system(), sinks);
    out.printf(
        Locale.ROOT, "coordinating %d shard(s) on %s:%d%n", shards, host, coordinator.port());
    out.flush();
    InterruptHook hook = InterruptHook.install(coordinator::interrupt);
    try {
      RunResult result = coordinator.run();
      if (result == null) {
        spec.commandLine().getErr().println("bench: no shard connected: nothing to merge");
        spec.commandLine().getErr().flush();
        return ExitCodes.RUN_FAILED;
      }
      return exitCode(result, spec.commandLine().getErr());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return ExitCodes.INTERRUPTED;
    } finally {
      hook.close();
    }
  }

  private Coordinator.Settings settings() {
    if (shards < 1) {
      throw new WorkloadException("--shards must be 1 or more (got " + shards + ")");
    }
    Rendezvous.WhenMissing whenMissing =
        switch (missing.toLowerCase(Locale.ROOT)) {
          case "start" -> Rendezvous.WhenMissing.START;
          case "fail" -> Rendezvous.WhenMissing.FAIL;
          default ->
              throw new WorkloadException("--missing '" + missing + "' is not start or fail");
        };
    boolean stopOnLost =
        switch (onLost.toLowerCase(Locale.ROOT)) {
          case "stop" -> true;
          case "continue" -> false;
          default ->
              throw new WorkloadException("--on-lost '" + onLost + "' is not continue or stop");
        };
    Duration silent = DurationSyntax.parse(lostAfter);
    if (silent.toMillis() < 2 * 1_000) {
      // Heartbeats come every second: a shorter bound would lose a shard for one late beat.
      throw new WorkloadException("--lost-after must be at least 2s (got " + lostAfter + ")");
    }
    List<Threshold> thresholds = new ArrayList<>();
    for (String text : asserts) {
      Threshold t = Threshold.parse(text);
      if (t.relative()) {
        throw new ThresholdException(
            "threshold '" + text + "' compares with a baseline: use it with bench compare");
      }
      thresholds.add(t);
    }
    if (abortOnFail && thresholds.isEmpty()) {
      throw new WorkloadException("--abort-on-fail needs a threshold: give --assert");
    }
    return new Coordinator.Settings(
        shards,
        DurationSyntax.parse(readyTimeout),
        whenMissing,
        silent,
        stopOnLost,
        thresholds,
        abortOnFail,
        CommandLineText.masked(spec.commandLine(), Set.of()));
  }

  private ServerSocket listen() {
    ServerSocket server = null;
    try {
      server = new ServerSocket();
      server.setReuseAddress(true);
      server.bind(new InetSocketAddress(host, port));
      return server;
    } catch (IOException | RuntimeException e) {
      close(server);
      throw new WorkloadException(
          "cannot listen on "
              + host
              + ":"
              + port
              + " ("
              + e.getMessage()
              + "): choose another --port or --host");
    }
  }

  /**
   * The exit code of the merged run: shards missing or lost make it one that did not complete, then
   * a failed threshold exits as in bench run, then as bench merge gives it.
   */
  private static int exitCode(RunResult merged, PrintWriter err) {
    if (!merged.mergedFrom().missingShards().isEmpty()) {
      err.printf(
          Locale.ROOT,
          "bench: the run is %s: shard(s) %s missing%n",
          merged.ending().status(),
          String.join(
              ", ",
              merged.mergedFrom().missingShards().stream()
                  .map(m -> String.valueOf(m.index()))
                  .toList()));
      err.flush();
      return ExitCodes.RUN_FAILED;
    }
    if (!merged.thresholdsPassed()) {
      merged.verdict().thresholds().stream()
          .filter(t -> !t.passed())
          .forEach(t -> err.println("bench: threshold " + t.message()));
      err.flush();
      return ExitCodes.THRESHOLD_FAILED;
    }
    return MergeCommand.runExitCode(merged, err);
  }

  private static void close(ServerSocket server) {
    if (server != null) {
      try {
        server.close();
      } catch (IOException e) {
        // Failing with a clearer message.
      }
    }
  }
}
