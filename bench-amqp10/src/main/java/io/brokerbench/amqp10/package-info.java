/**
 * The AMQP 1.0 driver ({@code amqp10}) on Apache Qpid protonj2-client.
 *
 * <h2>Concepts</h2>
 *
 * <ul>
 *   <li><b>Addresses.</b> A destination name becomes an address through the {@code address}
 *       template: {@code /amq/queue/%s} (RabbitMQ 3.x, the default), {@code /queues/%s} (RabbitMQ
 *       4.x) or {@code %s} (Qpid, Artemis). A name starting with '/' is an address already, and
 *       quiver's {@code //HOST:PORT/ADDRESS} url sets one address for every destination.
 *   <li><b>Flow control.</b> The broker grants senders credit (RabbitMQ 3.10: 65,536), far more
 *       than a meaningful latency allows, so the core's in-flight window bounds unsettled
 *       deliveries; {@code trySend} answers false only when the link has no credit. Receivers get
 *       the workload's prefetch as link credit, topped up at half.
 *   <li><b>Settlement.</b> A settled delivery is a confirm; its outcome (accepted, rejected,
 *       released, modified) is counted. Pre-settled senders ({@code presettled}) and {@code AUTO}
 *       receivers are at-most-once.
 *   <li><b>Silent drops.</b> RabbitMQ 3.x accepts sends to {@code /amq/queue/MISSING} and drops
 *       them, so the driver declares missing queues over AMQP 0.9.1 and attaches a receiver to
 *       every queue address before the run: a missing queue fails the run naming the address.
 *   <li><b>Links.</b> One connection per producer and per consumer, a session per link (an attach
 *       error ends the whole session on RabbitMQ).
 * </ul>
 */
package io.brokerbench.amqp10;
