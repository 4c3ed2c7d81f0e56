package io.brokerbench.result;

import io.brokerbench.workload.Shard;

/**
 * What was run, how it was started and where: part of {@link RunResult}, written unwrapped into
 * result.json.
 *
 * @param commandLine the command line that started the run, passwords masked, or null when the run
 *     was started from Java
 * @param workload what was run
 * @param driver the driver and every option's value in effect
 * @param shard which part of the workload this run played ({@code Shard.whole} for a whole run)
 * @param environment where and against what
 */
public record RunSetup(
    String commandLine,
    WorkloadSummary workload,
    DriverSettings driver,
    Shard shard,
    Environment environment) {}
