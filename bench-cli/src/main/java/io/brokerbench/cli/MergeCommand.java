package io.brokerbench.cli;

import io.brokerbench.latency.LatencyHistograms;
import io.brokerbench.latency.LatencyKind;
import io.brokerbench.report.CsvIntervals;
import io.brokerbench.report.HistogramLogMerge;
import io.brokerbench.report.JsonResult;
import io.brokerbench.report.RunDirectory;
import io.brokerbench.result.IntervalSample;
import io.brokerbench.result.ResultMerge;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.ShardSummary;
import io.brokerbench.workload.Shard;
import io.brokerbench.workload.WorkloadException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code bench merge DIR…}: the result of a workload from the results of its shards. */
@Command(
    name = "merge",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    header = "Merges the results of the shards of one workload.",
    description = {
      "%nThe shards' result directories (bench run --shard I/N), merged exactly: counters"
          + " summed, histograms added, integrity across shards. Writes result.json,"
          + " intervals.csv and latency.hlog. Fewer shards than N make a partial result that"
          + " names the missing ones, and exit "
          + ExitCodes.RUN_FAILED
          + "; so does a merge with a shard that failed or was interrupted, and one that lost"
          + " messages exits "
          + ExitCodes.LOSS
          + ", as bench run would have.%n"
    })
final class MergeCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(arity = "1..*", paramLabel = "DIR", description = "The shards' result directories.")
  List<Path> shards;

  @Option(
      names = {"-o", "--output-dir"},
      required = true,
      description = "Where the merged result goes.")
  Path outputDir;

  @Override
  public Integer call() {
    // One result at a time: a long shard's intervals are many.
    ResultMerge merge =
        new ResultMerge().commandLine(CommandLineText.masked(spec.commandLine(), Set.of()));
    for (Path dir : shards) {
      RunResult result = ResultFiles.read(dir);
      if (shards.size() > 1 && result.setup().shard().count() == 1) {
        throw new WorkloadException(
            dir
                + " is the result of a whole run, not of a shard: bench merge takes the"
                + " directories of one workload's shards (bench run --shard I/N)");
      }
      merge.add(result);
    }
    checkShardsOfOneWorkload(merge.shards());
    RunResult merged;
    try {
      Files.createDirectories(outputDir);
      List<Path> logs =
          shards.stream()
              .map(d -> d.resolve(RunDirectory.HISTOGRAM_LOG))
              .filter(Files::isRegularFile)
              .toList();
      merged =
          merge.result(
              HistogramLogMerge.merge(logs, outputDir.resolve(RunDirectory.HISTOGRAM_LOG)));
      JsonResult.write(merged, outputDir.resolve(RunDirectory.RESULT));
      try (CsvIntervals csv = new CsvIntervals(outputDir.resolve(RunDirectory.INTERVALS))) {
        for (IntervalSample interval : merged.figures().intervals()) {
          csv.interval(interval, LatencyHistograms.empty());
        }
      }
    } catch (IOException e) {
      throw new WorkloadException(
          "cannot write the merged result to "
              + outputDir
              + " ("
              + e.getMessage()
              + "): choose a writable --output-dir");
    }
    PrintWriter out = spec.commandLine().getOut();
    int count = merged.mergedFrom().shards().size() + merged.mergedFrom().missingShards().size();
    out.printf(
        Locale.ROOT,
        "merged %d of %d shards into %s: %s, sent %d, received %d, lost %d%n",
        merged.mergedFrom().shards().size(),
        count,
        outputDir,
        merged.ending().status(),
        merged.figures().totals().counts().sent(),
        merged.figures().totals().counts().received(),
        merged.figures().integrity().lost());
    // Shards on one host read one clock: its sync status says nothing about their latencies.
    boolean oneHost =
        merged.mergedFrom().shards().stream().map(ShardSummary::host).distinct().count() == 1;
    for (ShardSummary s : merged.mergedFrom().shards()) {
      Double p99 = s.p99Micros().get(LatencyKind.END_TO_END.key());
      out.printf(
          Locale.ROOT,
          "  producers from %d, consumers from %d on %s: %s, sent %d, received %d, e2e p99 %s,"
              + " clock %s%n",
          s.shard().firstProducer(),
          s.shard().firstConsumer(),
          s.host(),
          s.status(),
          s.counts().sent(),
          s.counts().received(),
          p99 == null ? "-" : String.format(Locale.ROOT, "%.0f us", p99),
          oneHost ? "shared (one host)" : s.clock().describe());
    }
    merged.verdict().warnings().forEach(w -> out.println(w.message()));
    out.flush();
    PrintWriter err = spec.commandLine().getErr();
    if (merged.mergedFrom().missingShards().isEmpty()) {
      return runExitCode(merged, err);
    }
    // The result is written, but it is not the run's: a script must not take it for one.
    err.printf(
        Locale.ROOT,
        "bench: merged %d of %d shards: shard%s %s missing%n",
        merged.mergedFrom().shards().size(),
        count,
        merged.mergedFrom().missingShards().size() == 1 ? "" : "s",
        String.join(
            ", ",
            merged.mergedFrom().missingShards().stream()
                .map(m -> String.valueOf(m.index()))
                .toList()));
    err.flush();
    return ExitCodes.RUN_FAILED;
  }

  /**
   * The exit code {@code bench run} would have given the whole run: a shard that failed or was
   * interrupted made the run one that did not complete, and a loss anywhere is the run's.
   */
  static int runExitCode(RunResult merged, PrintWriter err) {
    if (!RunResult.COMPLETED.equals(merged.ending().status())) {
      ShardSummary first =
          merged.mergedFrom().shards().stream()
              .filter(s -> !RunResult.COMPLETED.equals(s.status()))
              .findFirst()
              .orElseThrow();
      err.printf(
          Locale.ROOT,
          "bench: the merged run did not complete: shard %d %s%n",
          first.shard().index(),
          first.status());
      err.flush();
      return ExitCodes.RUN_FAILED;
    }
    if (merged.figures().integrity().lost() > 0) {
      err.printf(
          Locale.ROOT,
          "bench: the merged run lost %,d message(s)%n",
          merged.figures().integrity().lost());
      err.flush();
      return ExitCodes.LOSS;
    }
    return ExitCodes.OK;
  }

  /** Refuses results that are not disjoint shards of one workload. */
  private static void checkShardsOfOneWorkload(List<ShardSummary> summaries) {
    Shard first = summaries.get(0).shard();
    List<ShardSummary> byFirstProducer = new ArrayList<>(summaries);
    byFirstProducer.sort(Comparator.comparingInt(r -> r.shard().firstProducer()));
    int nextProducer = 0;
    for (ShardSummary r : byFirstProducer) {
      Shard s = r.shard();
      if (s.count() != first.count()) {
        throw new WorkloadException(
            "these results are not shards of one split: one is a shard of "
                + first.count()
                + ", another of "
                + s.count()
                + ": give the directories of one bench run --shard I/N");
      }
      if (s.totalProducers() != first.totalProducers()
          || s.totalConsumers() != first.totalConsumers()) {
        throw new WorkloadException(
            "these results are not shards of one workload: one has "
                + first.totalProducers()
                + " producers and "
                + first.totalConsumers()
                + " consumers in all, another "
                + s.totalProducers()
                + " and "
                + s.totalConsumers());
      }
      if (s.firstProducer() < nextProducer) {
        throw new WorkloadException(
            "two results play producer "
                + s.firstProducer()
                + ": give each shard's directory once");
      }
      nextProducer = s.firstProducer() + r.producers();
    }
  }
}
