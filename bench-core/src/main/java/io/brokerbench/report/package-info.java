/**
 * Results and reports: the {@link io.brokerbench.result.RunResult} model (serialized as the
 * documented JSON schema {@value io.brokerbench.result.RunResult#SCHEMA}), and the sinks that write
 * it as it happens: console, CSV of the per-interval series, HdrHistogram interval log, and a
 * Prometheus endpoint.
 */
package io.brokerbench.report;
