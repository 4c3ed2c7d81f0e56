/**
 * The AMQP 0.9.1 driver ({@code amqp091}), built on RabbitMQ's amqp-client.
 *
 * <h2>Concepts</h2>
 *
 * <ul>
 *   <li>Each producer publishes on its own channel (and, by default, its own connection). With
 *       confirms, the channel is in confirm mode from its first publish, so the broker's delivery
 *       tags are the core's sequence numbers plus one and a {@code multiple} confirm maps to the
 *       core's window directly ({@link io.brokerbench.amqp091.ConfirmTranslator}).
 *   <li>The 12-byte stamp is the start of the body; for smaller bodies it travels in the {@code
 *       bb-stamp} header ({@link io.brokerbench.amqp091.PublishEncoder}).
 *   <li>Consumers use {@code basicQos(prefetch)} and acknowledge automatically, each delivery, or
 *       every n deliveries with {@code multiple}; closing acknowledges what is outstanding.
 *   <li>Queues are classic, quorum or stream ({@code queue-type} or an {@code x-queue-type} queue
 *       argument); quorum queues and streams are always durable. Clean-up deletes what the driver
 *       declared, never predeclared objects.
 *   <li>Plain TCP connections (not TLS, not NIO) keep their sockets in blocking mode: no socket
 *       timeout is ever set, so a reader waiting for the broker makes one system call. The connect
 *       timeout and amqp-client's heartbeat rule are kept by one watchdog thread for the process
 *       ({@link io.brokerbench.amqp091.UntimedSocket}, {@link
 *       io.brokerbench.amqp091.HeartbeatWatch}).
 *   <li>Without a {@code uri} the driver starts an embedded Qpid broker (AMQP 0-9-1 on a loopback
 *       port) and reports its figures as embedded: the broker shares the generator's CPU.
 * </ul>
 */
package io.brokerbench.amqp091;
