package io.brokerbench.amqp091;

import io.brokerbench.spi.OutgoingMessage;
import java.io.IOException;

/**
 * How a producer's publishes reach its connection, chosen once by the connection's frame handler:
 * {@link DirectPublishPath} on blocking sockets, {@link ClientPublishPath} on NIO. Producer thread
 * (or the reader thread the core hands sending to), one publish at a time.
 */
interface PublishPath {
  /** The delivery tag the broker will give the next publish (when the channel confirms). */
  long nextDeliveryTag();

  /**
   * Writes the message's publish into the connection's buffer; the producer's {@code flush()} sends
   * it on.
   *
   * @throws IOException when the connection fails
   * @throws com.rabbitmq.client.ShutdownSignalException when the channel or connection is closed
   */
  void publish(OutgoingMessage message) throws IOException;
}
