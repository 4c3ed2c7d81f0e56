/**
 * brokerbench: an open-loop load generator for message brokers.
 *
 * <p>Embedding in a test takes a workload, a driver and one call:
 *
 * <pre>{@code
 * Workload workload = Workload.builder().producers(1).consumers(1).rate(1_000)
 *     .duration(Duration.ofSeconds(5)).inFlightWindow(100).build();
 * RunResult result = BenchmarkRun.builder(workload)
 *     .driver("amqp091", Map.of("uri", "amqp://127.0.0.1:5672"))
 *     .build()
 *     .run();
 * }</pre>
 *
 * <p>{@link io.brokerbench.Drivers} lists the drivers on the class path. The packages: {@code spi}
 * (what an adapter implements), {@code workload} (the workload model), {@code rate} (open-loop
 * schedule), {@code latency} (stamp and histograms), {@code integrity} (lost, duplicated,
 * reordered), {@code report} (results and outputs), {@code loopback} (the in-memory driver).
 */
package io.brokerbench;
