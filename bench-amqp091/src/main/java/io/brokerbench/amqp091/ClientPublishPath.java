package io.brokerbench.amqp091;

import com.rabbitmq.client.Channel;
import io.brokerbench.spi.OutgoingMessage;
import java.io.IOException;

/**
 * amqp-client's {@code basicPublish}, for connections that queue frames to write later (NIO), with
 * the socket flush after each publish deferred ({@link PublishFlushDeferral}).
 */
final class ClientPublishPath implements PublishPath {
  private final Channel channel;
  private final String exchange;
  private final String routingKey;
  private final boolean mandatory;
  private final PublishEncoder encoder;

  ClientPublishPath(
      Channel channel,
      String exchange,
      String routingKey,
      boolean mandatory,
      PublishEncoder encoder) {
    this.channel = channel;
    this.exchange = exchange;
    this.routingKey = routingKey;
    this.mandatory = mandatory;
    this.encoder = encoder;
  }

  @Override
  public long nextDeliveryTag() {
    return channel.getNextPublishSeqNo();
  }

  @Override
  public void publish(OutgoingMessage message) throws IOException {
    PublishFlushDeferral.publishing(true);
    try {
      channel.basicPublish(
          exchange, routingKey, mandatory, encoder.properties(message), message.body());
    } finally {
      PublishFlushDeferral.publishing(false);
    }
  }
}
