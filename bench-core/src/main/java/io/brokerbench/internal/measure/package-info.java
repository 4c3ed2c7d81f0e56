/**
 * Measuring a run: the latency recorders the producer and consumer threads write, the interval that
 * closes them on the reporter thread, the process's CPU and memory, the generator's own pauses, the
 * broker's own load, and the sinks each interval goes to. Not API.
 */
package io.brokerbench.internal.measure;
