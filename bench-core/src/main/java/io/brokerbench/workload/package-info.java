/**
 * The workload model: what a run does, as immutable records validated on construction.
 *
 * <p>A {@link io.brokerbench.workload.Workload} is protocol-neutral; protocol-specific settings are
 * driver options. Every invalid value is refused with a {@link
 * io.brokerbench.workload.WorkloadException} whose message names the setting, the value and what
 * would be valid.
 */
package io.brokerbench.workload;
