package io.brokerbench.compare;

/**
 * One figure of a baseline and a candidate run.
 *
 * @param metric the metric's name (see {@link io.brokerbench.threshold.Metric})
 * @param baseline the baseline's value, or null when it was not measured
 * @param candidate the candidate's value, or null
 * @param changePercent the candidate's change in percent of the baseline, or null when either is
 *     missing or the baseline is 0
 * @param better true when the change is for the better (lower latency, CPU or loss; higher rate)
 */
public record MetricChange(
    String metric, Double baseline, Double candidate, Double changePercent, boolean better) {}
