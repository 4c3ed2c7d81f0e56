/**
 * The {@code bench} command line: {@code bench run <driver> [options]}, {@code bench drivers}.
 *
 * <p>Workload options are the same for every driver ({@link io.brokerbench.cli.WorkloadOptions},
 * with PerfTest's short names); each driver's own options are added to its {@code run} subcommand
 * from the {@link io.brokerbench.spi.DriverOption}s it declares, so no adapter knows about picocli.
 */
package io.brokerbench.cli;
