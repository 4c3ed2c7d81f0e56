package io.brokerbench.amqp10;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import java.util.Map;

/** AMQP 0.9.1 access to the test broker, to look at queues behind the driver's back. */
final class RabbitAdmin implements AutoCloseable {
  private final Connection connection;

  RabbitAdmin() throws Exception {
    Amqp10Config config = Amqp10Config.parse(Map.of("url", TestBroker.url()));
    ConnectionFactory factory = new ConnectionFactory();
    factory.setHost(config.host());
    factory.setPort(config.port());
    factory.setUsername(config.user());
    factory.setPassword(config.password());
    factory.setAutomaticRecoveryEnabled(false);
    connection = factory.newConnection("brokerbench-amqp10-test");
  }

  /** The AMQP 0.9.1 connection, for checks that open their own channels. */
  Connection connection() {
    return connection;
  }

  /** A channel for what the other methods do not cover; the caller closes it. */
  Channel channel() throws java.io.IOException {
    return connection.createChannel();
  }

  /** Messages ready in the queue. */
  long depth(String queue) throws Exception {
    try (Channel channel = connection.createChannel()) {
      return channel.queueDeclarePassive(queue).getMessageCount();
    }
  }

  /** Waits up to {@code millis} for the queue to empty (quorum queues settle late). */
  long depthAfter(String queue, long millis) throws Exception {
    long deadline = System.nanoTime() + millis * 1_000_000;
    long depth = depth(queue);
    while (depth > 0 && System.nanoTime() < deadline) {
      Thread.sleep(100);
      depth = depth(queue);
    }
    return depth;
  }

  void delete(String queue) throws Exception {
    try (Channel channel = connection.createChannel()) {
      channel.queueDelete(queue);
    }
  }

  @Override
  public void close() throws java.io.IOException {
    connection.close();
  }
}
