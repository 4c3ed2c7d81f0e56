/**
 * Pass/fail criteria on a run's result, the same for the command line ({@code --assert}), scenario
 * files, run comparison and Java tests: a {@link io.brokerbench.threshold.Threshold} names a {@link
 * io.brokerbench.threshold.Metric} of the result (such as {@code e2e.p99}, {@code lost} or {@code
 * received.rate}), a comparison and a bound, absolute ({@code < 5ms}) or relative to a baseline run
 * ({@code <= baseline + 10%}).
 */
package io.brokerbench.threshold;
