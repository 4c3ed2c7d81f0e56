package io.brokerbench.amqp091;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.DefaultConsumer;
import com.rabbitmq.client.Envelope;
import io.brokerbench.amqp091.Amqp091Config.ReplyTo;
import io.brokerbench.spi.ReplyListener;
import java.io.IOException;

/**
 * A requester's replies, consumed on the channel it publishes its requests on (RabbitMQ's direct
 * reply-to needs that channel) without acknowledgements, each handed to the core by the stamp its
 * body carries back.
 */
final class ReplyConsumer extends DefaultConsumer {
  /** The pseudo-queue of RabbitMQ's direct reply-to. */
  static final String DIRECT_REPLY_TO = "amq.rabbitmq.reply-to";

  private final ReplyListener replies;

  private ReplyConsumer(Channel channel, ReplyListener replies) {
    super(channel);
    this.replies = replies;
  }

  /**
   * Starts consuming the replies of requests published on {@code channel}.
   *
   * @return the reply address the requests must carry
   */
  static String start(Channel channel, ReplyTo mode, ReplyListener replies) throws IOException {
    String address =
        mode == ReplyTo.DIRECT
            ? DIRECT_REPLY_TO
            : channel.queueDeclare("", false, true, true, null).getQueue();
    channel.basicConsume(address, true, new ReplyConsumer(channel, replies));
    return address;
  }

  @Override
  public void handleDelivery(
      String tag, Envelope envelope, AMQP.BasicProperties properties, byte[] body) {
    replies.onReply(PublishEncoder.stampOf(body, properties), 0);
  }
}
