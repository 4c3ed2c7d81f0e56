/**
 * The runner: a run's lifecycle ({@code Runner}: set up, measure, tear down), what its phases share
 * (the participants and their counts, the run's stop and failure flags, the reconnect backoff) and
 * the assembly of its result. Sending is in {@code internal.send}, receiving in {@code
 * internal.receive}, the phases of a run in {@code internal.phase}, measuring in {@code
 * internal.measure}, the logs of flow control and connection losses in {@code internal.events}. Not
 * API: use {@link io.brokerbench.BenchmarkRun}.
 */
package io.brokerbench.internal;
