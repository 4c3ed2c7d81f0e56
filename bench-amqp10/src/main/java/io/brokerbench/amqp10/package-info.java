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
 *   <li><b>Two I/O paths.</b> {@code io=engine} (the default) drives the protonj2 engine on a
 *       blocking socket: a send is an encode and one socket write on the producer's thread, and
 *       settlements and deliveries are handled on the connection's reader thread as the engine
 *       decodes them ({@link io.brokerbench.amqp10.EngineProducer}, {@link
 *       io.brokerbench.amqp10.EngineConsumer}). {@code io=client} uses protonj2-client's API
 *       ({@link io.brokerbench.amqp10.Amqp10Producer}, {@link
 *       io.brokerbench.amqp10.Amqp10Consumer}), whose every send waits for its event-loop thread:
 *       about twice the CPU per message. The driver picks the path once, when it is built ({@link
 *       io.brokerbench.amqp10.MessageIo}). The control connection (checks, probes) always uses
 *       protonj2-client.
 *   <li><b>SASL.</b> With a user, only password mechanisms are allowed unless {@code
 *       sasl-mechanisms} says otherwise: protonj2 prefers ANONYMOUS when the broker offers it
 *       (RabbitMQ 3.x does), which would ignore the user and hide a wrong password.
 *   <li><b>Embedded broker.</b> Without {@code url}, {@code host} and {@code port}, an in-process
 *       Qpid Broker-J is started (plain addresses, queues created on first attach); the report
 *       marks it embedded.
 * </ul>
 *
 * <h2>RabbitMQ 3.10 notes</h2>
 *
 * <ul>
 *   <li>Streams: a receiver with {@code stream-offset=first} (or last, next, an offset,
 *       timestamp:SECONDS) reads a stream written before; the filter value is sent as a plain AMQP
 *       value. 3.10 is known to stall reading from {@code first} past ~66k messages with credit
 *       below 2000, and when publishing and consuming one stream at once: use credit of 2000 or
 *       more and separate write and read runs.
 *   <li>Deleting a queue in use makes 3.10 drop the whole AMQP 1.0 connection; the run ends with
 *       "lost the connection ... while receiving from ADDRESS".
 * </ul>
 */
package io.brokerbench.amqp10;
