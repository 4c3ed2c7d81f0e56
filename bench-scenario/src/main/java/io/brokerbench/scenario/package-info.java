/**
 * Scenario files: one YAML file names a driver, a base workload and the axes to vary, and runs
 * every combination (a cell) with {@link io.brokerbench.BenchmarkRun}, into one directory per cell
 * and an index, {@code scenario.json}, that reports across cells read.
 *
 * <p>Concepts:
 *
 * <ul>
 *   <li>{@link io.brokerbench.scenario.Scenario}: the file as read, every setting with its line;
 *       {@link io.brokerbench.scenario.Cell}: one combination of axis values, with its workload
 *       spec and driver options, checked before anything runs.
 *   <li>{@link io.brokerbench.scenario.ScenarioRunner}: runs the cells, resumes an interrupted run;
 *       {@link io.brokerbench.result.ScenarioIndex}: the index.
 *   <li>{@link io.brokerbench.scenario.MaxRateSearch}: the highest rate a broker sustains, found by
 *       growing, bisecting and re-measuring, through a {@link io.brokerbench.scenario.RateProbe}.
 * </ul>
 */
package io.brokerbench.scenario;
