package io.brokerbench.cli;

import io.brokerbench.BenchmarkRun;
import io.brokerbench.workload.Shard;
import io.brokerbench.workload.Workload;
import io.brokerbench.workload.WorkloadException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.function.Function;
import picocli.CommandLine.Option;

/**
 * Running one shard of a workload split over several processes: which shard, the producer id base
 * all shards share, and the instant they all start. Without {@code --shard}, Kubernetes' {@value
 * #INDEX_VARIABLE} with {@value #COUNT_VARIABLE} name the shard, so an Indexed Job needs no wrapper
 * script.
 */
final class ShardOptions {
  /** The variable Kubernetes sets in each pod of an Indexed Job: the 0-based completion index. */
  static final String INDEX_VARIABLE = "JOB_COMPLETION_INDEX";

  /** The variable naming how many shards there are (a Job's completions). */
  static final String COUNT_VARIABLE = "BROKERBENCH_SHARDS";

  /** The variable standing for {@code --coordinator}, which every pod of a Job can share. */
  static final String COORDINATOR_VARIABLE = "BROKERBENCH_COORDINATOR";

  /** The variable standing for {@code --start-at}, which every pod of a Job can share. */
  static final String START_VARIABLE = "BROKERBENCH_START_AT";

  @Option(
      names = "--shard",
      paramLabel = "I/N",
      description =
          "Run shard I (0-based) of the workload split N ways: producers, consumers and the rate"
              + " divided, producer ids global. Default: from "
              + INDEX_VARIABLE
              + " and "
              + COUNT_VARIABLE
              + " when set.")
  String shard;

  @Option(
      names = "--producer-id-base",
      paramLabel = "N",
      description =
          "First producer id stamped into messages (0-65535); shards of one workload must share"
              + " it (default: 0 for shards, random otherwise).")
  Integer producerIdBase;

  @Option(
      names = "--start-at",
      paramLabel = "TIME",
      description =
          "Start sending at this instant (ISO-8601 such as 2026-11-24T10:00:00Z, or epoch"
              + " milliseconds), so that every shard starts together; at most an hour ahead."
              + " Default: from "
              + START_VARIABLE
              + " when set.")
  String startAt;

  @Option(
      names = "--coordinator",
      paramLabel = "HOST:PORT",
      description =
          "Join the live run that bench coordinate at HOST:PORT coordinates: start when every"
              + " shard is ready, stream each interval to it, stop when it says so. Needs"
              + " --shard; replaces --start-at. Default: from "
              + COORDINATOR_VARIABLE
              + " when set.")
  String coordinator;

  /**
   * The coordinator to join, or null for a run on its own.
   *
   * @throws WorkloadException when it is combined with a start time or not with a shard
   */
  String coordinator(Shard.Part plan, Function<String, String> env) {
    String named = coordinator != null ? coordinator : env.apply(COORDINATOR_VARIABLE);
    if (named == null || named.isBlank()) {
      return null;
    }
    if (plan == null) {
      throw new WorkloadException(
          "--coordinator joins a sharded run: give --shard I/N as well (or set "
              + INDEX_VARIABLE
              + " and "
              + COUNT_VARIABLE
              + ")");
    }
    if (startAt != null) {
      throw new WorkloadException(
          "--coordinator and --start-at both say when to start: the coordinator starts the"
              + " shards once all are ready; drop --start-at");
    }
    return named.trim();
  }

  /**
   * The shard of {@code whole} this process runs, or null when no shard is named.
   *
   * @throws WorkloadException for a shard that cannot be read or does not exist
   */
  Shard.Part plan(Workload whole, Function<String, String> env) {
    String named = shard != null ? shard : fromEnvironment(env);
    return named == null ? null : parse(named, whole);
  }

  /**
   * Tells the run its shard (or null), the producer id base and the start time.
   *
   * @param env the environment, which may name the start time
   * @throws WorkloadException for an id base or start time that cannot be used
   */
  void configure(BenchmarkRun.Builder builder, Shard.Part plan, Function<String, String> env) {
    if (producerIdBase != null && (producerIdBase < 0 || producerIdBase > 0xFFFF)) {
      throw new WorkloadException(
          "--producer-id-base must be between 0 and 65535 (got " + producerIdBase + ")");
    }
    if (plan != null) {
      builder.shard(plan.shard()).producerIdBase(producerIdBase == null ? 0 : producerIdBase);
    } else if (producerIdBase != null) {
      builder.producerIdBase(producerIdBase);
    }
    String start = startAt != null ? startAt : env.apply(START_VARIABLE);
    if (start != null && !start.isBlank()) {
      builder.startAt(instant(start));
    }
  }

  private static String fromEnvironment(Function<String, String> env) {
    String index = env.apply(INDEX_VARIABLE);
    String count = env.apply(COUNT_VARIABLE);
    if (index == null || index.isBlank()) {
      return null;
    }
    if (count == null || count.isBlank()) {
      throw new WorkloadException(
          INDEX_VARIABLE
              + " is set ("
              + index
              + ") but "
              + COUNT_VARIABLE
              + " is not: set it to the Job's completions, or give --shard I/N");
    }
    return index.trim() + "/" + count.trim();
  }

  private static Shard.Part parse(String text, Workload whole) {
    String[] parts = text.split("/", -1);
    try {
      if (parts.length == 2) {
        return Shard.of(
            whole, Integer.parseInt(parts[0].trim()), Integer.parseInt(parts[1].trim()));
      }
    } catch (NumberFormatException e) {
      // Worded below, with the other malformed forms.
    }
    throw new WorkloadException(
        "'" + text + "' is not a shard: give I/N, such as 0/4 for the first of 4 shards");
  }

  private static Instant instant(String text) {
    try {
      String t = text.trim();
      return t.chars().allMatch(Character::isDigit)
          ? Instant.ofEpochMilli(Long.parseLong(t))
          : Instant.parse(t);
    } catch (DateTimeParseException | NumberFormatException e) {
      throw new WorkloadException(
          "--start-at (or "
              + START_VARIABLE
              + ") '"
              + text
              + "' is not an instant: give ISO-8601 (2026-11-24T10:00:00Z) or epoch milliseconds");
    }
  }
}
