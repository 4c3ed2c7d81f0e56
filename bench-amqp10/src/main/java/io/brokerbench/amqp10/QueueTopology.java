package io.brokerbench.amqp10;

import io.brokerbench.rabbitmq.QueueDeclaration;
import io.brokerbench.spi.DriverException;

/** Where the driver declares and deletes RabbitMQ queues: over AMQP 0.9.1, or natively on 4.x. */
interface QueueTopology extends AutoCloseable {
  /**
   * Declares a missing queue, or checks that an existing one has the type asked for.
   *
   * @return true when this call created the queue
   * @throws DriverException when the queue cannot be declared or exists with another type
   */
  boolean declare(QueueDeclaration queue) throws DriverException;

  /** The queue's ready messages, as the broker counts them. */
  long messagesWaiting(String queue) throws DriverException;

  /** Deletes a queue; a missing queue is not an error. */
  void delete(String queue) throws DriverException;

  @Override
  void close();
}
