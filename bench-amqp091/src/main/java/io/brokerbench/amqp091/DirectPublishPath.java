package io.brokerbench.amqp091;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.impl.AMQConnection;
import io.brokerbench.spi.OutgoingMessage;
import java.io.IOException;

/**
 * The direct publish: what {@code basicPublish} sends, without its per-message objects. The
 * producer's {@link PublishFrames}, rewritten for each message, are written straight into the
 * connection's buffer; only for connections that write a frame during {@code writeFrame} ({@link
 * TunedConnectionFactory#writesFramesInline}).
 */
final class DirectPublishPath implements PublishPath {
  private final Channel channel;
  private final AMQConnection connection;
  private final PublishFrames frames;
  // Counted here: the channel's own counter moves only in basicPublish, which this path skips.
  private long nextDeliveryTag;

  /** A path for {@code channel}, set up (in confirm mode or not) and not yet published on. */
  DirectPublishPath(Channel channel, AMQConnection connection, PublishFrames frames) {
    this.channel = channel;
    this.connection = connection;
    this.frames = frames;
    this.nextDeliveryTag = channel.getNextPublishSeqNo();
  }

  @Override
  public long nextDeliveryTag() {
    return nextDeliveryTag;
  }

  @Override
  public void publish(OutgoingMessage message) throws IOException {
    if (!channel.isOpen()) {
      throw channel.getCloseReason();
    }
    frames.fill(message);
    connection.writeFrame(frames);
    nextDeliveryTag++;
  }
}
