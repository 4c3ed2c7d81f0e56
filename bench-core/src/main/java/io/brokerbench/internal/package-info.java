/**
 * The runner: threads, counters and the per-message path. Not API: use {@link
 * io.brokerbench.BenchmarkRun}.
 */
package io.brokerbench.internal;
