/**
 * Probes of the host a run runs on: the kernel's clock error bound (through JNA, when present) and
 * the environment written into a result.
 */
package io.brokerbench.host;
