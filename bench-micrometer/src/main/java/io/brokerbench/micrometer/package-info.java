/**
 * brokerbench in Micrometer: {@link io.brokerbench.micrometer.BrokerbenchMeters} publishes a
 * running or embedded run's figures into the team's {@code MeterRegistry} under the names of the
 * built-in Prometheus endpoint.
 */
package io.brokerbench.micrometer;
