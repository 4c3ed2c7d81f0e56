package io.brokerbench.result;

/**
 * How a run ended: part of {@link RunResult}, written unwrapped into result.json.
 *
 * @param status {@link RunResult#COMPLETED}, {@link RunResult#INTERRUPTED} (Ctrl-C), {@link
 *     RunResult#FAILED} or, for a result merged from fewer shards than the run had, {@link
 *     RunResult#PARTIAL}
 * @param error the failure's one-line message, or null
 */
public record RunEnding(String status, String error) {}
