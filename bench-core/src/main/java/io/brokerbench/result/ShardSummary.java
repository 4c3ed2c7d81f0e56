package io.brokerbench.result;

import io.brokerbench.workload.Shard;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One shard's part of a merged result: where it ran, how it ended, what it sent and received, and
 * its own p99s, so a slow or failed shard stands out from the whole.
 *
 * @param shard where the shard's producers and consumers start among the workload's
 * @param producers how many producers the shard played
 * @param consumers how many consumers the shard played
 * @param host the host it ran on
 * @param startTime when its sending started, ISO-8601
 * @param status its status ({@code completed}, {@code interrupted}, {@code failed})
 * @param error its failure's message, or null
 * @param counts its counts after the warm-up
 * @param rates its rates
 * @param client what the shard's process cost
 * @param clock how far its host's clock may be off
 * @param p99Micros its 99th percentiles in microseconds, by latency kind
 * @param commandLine the command line that ran it, or null (results merged before it was kept)
 */
public record ShardSummary(
    Shard shard,
    int producers,
    int consumers,
    String host,
    String startTime,
    String status,
    String error,
    MessageCounts counts,
    Rates rates,
    ClientCost client,
    ClockStatus clock,
    Map<String, Double> p99Micros,
    String commandLine) {

  /** The summary of one shard's result. */
  public static ShardSummary of(RunResult shard) {
    Map<String, Double> p99 = new LinkedHashMap<>();
    shard.figures().latency().forEach((kind, summary) -> p99.put(kind, summary.p99Micros()));
    Environment environment = shard.setup().environment();
    return new ShardSummary(
        shard.setup().shard(),
        shard.setup().workload().producers(),
        shard.setup().workload().consumers(),
        environment.host(),
        environment.startTime(),
        shard.ending().status(),
        shard.ending().error(),
        shard.figures().totals().counts(),
        shard.figures().totals().rates(),
        shard.figures().totals().client(),
        environment.clock() == null ? ClockStatus.UNKNOWN : environment.clock(),
        p99,
        shard.setup().commandLine());
  }
}
