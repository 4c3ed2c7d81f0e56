package io.brokerbench.amqp091;

import com.rabbitmq.client.Channel;
import java.io.IOException;

/**
 * A consumer channel's prefetch limits: the per-consumer one ({@code basic.qos}, PerfTest's {@code
 * -q}) and the channel-wide one ({@code basic.qos} with {@code global}, PerfTest's {@code -Q}).
 * RabbitMQ applies both; 0 means no limit of that kind.
 *
 * <pre>{@code
 * Prefetch prefetch = new Prefetch(200, 1_000);
 * prefetch.apply(channel);
 * int ackEvery = prefetch.ackEvery(500); // 200: acknowledging less often would stall
 * }</pre>
 *
 * @param perConsumer unacknowledged deliveries each consumer may hold; 0 for no limit
 * @param channelWide unacknowledged deliveries all consumers of the channel may hold together; 0
 *     for no limit
 */
record Prefetch(int perConsumer, int channelWide) {

  /** Sets the limits on the channel, before its consumer starts. Blocks for the broker's reply. */
  void apply(Channel channel) throws IOException {
    if (perConsumer > 0) {
      channel.basicQos(perConsumer);
    }
    if (channelWide > 0) {
      channel.basicQos(channelWide, true);
    }
  }

  /**
   * The acknowledgement batch to use for {@code requested}: no larger than the tighter limit, since
   * the broker sends no more than that unacknowledged and a larger batch would stall the consumer
   * for good.
   */
  int ackEvery(int requested) {
    int limit = perConsumer;
    if (channelWide > 0 && (limit == 0 || channelWide < limit)) {
      limit = channelWide;
    }
    return limit > 0 && requested > limit ? limit : requested;
  }
}
