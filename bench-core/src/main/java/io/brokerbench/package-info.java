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
 * <p>{@link io.brokerbench.Drivers} lists the drivers on the class path; what an adapter implements
 * is in the {@code bench-spi} module ({@code io.brokerbench.spi}, with {@code io.brokerbench.tls}
 * for the TLS options drivers share). The packages here: {@code workload} (the workload model and
 * its options), {@code rate} (open-loop schedule), {@code latency} (stamp and histograms), {@code
 * integrity} (lost, duplicated, reordered), {@code result} (the result model, its JSON and merge),
 * {@code threshold} and {@code compare} (verdicts), {@code report} (run outputs: console, files,
 * Prometheus), {@code coordination} (one live run of many shard processes), {@code jfr}
 * (flight-recorder events), {@code loopback} (the in-memory driver) and {@code internal} (the
 * runner).
 */
package io.brokerbench;
