/**
 * RabbitMQ concepts both RabbitMQ drivers use, written once: the queue types ({@link
 * io.brokerbench.rabbitmq.QueueType}), how a queue is declared and why an existing one does not
 * match ({@link io.brokerbench.rabbitmq.QueueDeclaration}), where stream consumers start ({@link
 * io.brokerbench.rabbitmq.StreamOffset}) and what the broker's replies mean ({@link
 * io.brokerbench.rabbitmq.BrokerReplies}).
 *
 * <p>The AMQP 0.9.1 driver declares queues on its own connections; the AMQP 1.0 driver declares
 * them over AMQP 0.9.1 on the same port because RabbitMQ 3.x has no AMQP 1.0 management. Both go
 * through {@link io.brokerbench.rabbitmq.QueueDeclaration}, so a queue one driver leaves behind is
 * the queue the other would declare for the same workload.
 */
package io.brokerbench.rabbitmq;
