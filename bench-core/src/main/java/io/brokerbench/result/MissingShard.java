package io.brokerbench.result;

/**
 * A shard of the run that a merge did not have: what it was to play, so the merged result says what
 * it lacks.
 *
 * @param index which shard, from 0
 * @param producers how many of the workload's producers it was to play
 * @param consumers how many of its consumers
 * @param intendedMessages the messages its producers were to send after the warm-up (its producers
 *     times the messages per producer of a counted run, its share of the rate times the duration of
 *     a timed one), or null when that is not known: a timed run at an unlimited rate
 */
public record MissingShard(int index, int producers, int consumers, Long intendedMessages) {}
