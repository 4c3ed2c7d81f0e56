/**
 * The runner: a run's lifecycle ({@code Runner}), its participants and their threads (the
 * per-message send and receive paths, confirm windows, reconnects) and its phases (connections,
 * backlog, end of run, loss check, result). Measuring is in {@code internal.measure}, the logs of
 * flow control and connection losses in {@code internal.events}. Not API: use {@link
 * io.brokerbench.BenchmarkRun}.
 */
package io.brokerbench.internal;
