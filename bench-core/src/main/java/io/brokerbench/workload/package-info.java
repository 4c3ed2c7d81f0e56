/**
 * The workload model: what a run does, as immutable records validated on construction, and how
 * people describe it.
 *
 * <p>A {@link io.brokerbench.workload.Workload} is protocol-neutral; protocol-specific settings are
 * driver options. Every invalid value is refused with a {@link
 * io.brokerbench.workload.WorkloadException} whose message names the setting, the value and what
 * would be valid.
 *
 * <p>People describe a workload with {@link io.brokerbench.workload.WorkloadOption}s, named as the
 * command line's long options ({@code size}, {@code count}), whose values are written in one syntax
 * per kind: {@link io.brokerbench.workload.CountSyntax} ({@code 10k}), {@link
 * io.brokerbench.workload.SizeSyntax} ({@code 64KiB}), {@link
 * io.brokerbench.workload.DurationSyntax} ({@code 1.5s}) and {@link
 * io.brokerbench.workload.RateSyntax} ({@code unlimited}). A {@link
 * io.brokerbench.workload.WorkloadSpec} holds option values, each set or not set, lies over another
 * spec, and turns into a workload by the same rules whether the command line or a scenario file
 * filled it.
 */
package io.brokerbench.workload;
