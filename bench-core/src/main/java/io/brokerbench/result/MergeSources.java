package io.brokerbench.result;

import java.util.List;

/**
 * The shards a result merged by {@code bench merge} was made of, and those it lacks: part of {@link
 * RunResult}, written unwrapped into result.json. Both lists are empty for a result that was not
 * merged.
 *
 * @param shards each shard's part
 * @param missingShards the shards of the run the merged result lacks (its status is then {@link
 *     RunResult#PARTIAL})
 */
public record MergeSources(List<ShardSummary> shards, List<MissingShard> missingShards) {

  /** The sources of a result that was not merged. */
  public static final MergeSources NONE = new MergeSources(List.of(), List.of());

  /** Copies the lists; a list missing from an older file reads as empty. */
  public MergeSources {
    shards = shards == null ? List.of() : List.copyOf(shards);
    missingShards = missingShards == null ? List.of() : List.copyOf(missingShards);
  }
}
