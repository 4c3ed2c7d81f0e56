package io.brokerbench.amqp091;

import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.MetricsCollector;
import com.rabbitmq.client.impl.AMQConnection;
import com.rabbitmq.client.impl.ConnectionParams;
import com.rabbitmq.client.impl.FrameHandler;
import com.rabbitmq.client.impl.SocketFrameHandler;

/**
 * amqp-client's connection factory with the changes to its frame handling that make the hot paths
 * cheap: publishes leave in bursts ({@link PublishFlushDeferral}) and, on blocking sockets (not
 * NIO), publishes are written as pre-encoded frames ({@link PublishFrames}) and deliveries reach
 * our consumers straight from their frames ({@link DirectDeliveryFrameHandler}).
 *
 * <p>The direct path reads the socket through the stream {@link SocketFrameHandler#getInputStream}
 * returns (amqp-client marks it as meant for tests; it is the handler's only input, and from then
 * on only our reader uses it).
 */
final class TunedConnectionFactory extends ConnectionFactory {
  @Override
  protected AMQConnection createConnection(
      ConnectionParams params, FrameHandler frames, MetricsCollector metrics) {
    FrameHandler tuned = PublishFlushDeferral.wrap(frames);
    if (frames instanceof SocketFrameHandler socket) {
      tuned =
          new DirectDeliveryFrameHandler(
              tuned, socket.getInputStream(), params.getMaxInboundMessageBodySize());
    }
    return super.createConnection(params, tuned, metrics);
  }

  /**
   * Whether the connection's frame handler writes a frame into its buffer during {@code writeFrame}
   * (blocking sockets made by this factory), so a frame object may be reused as soon as the call
   * returns ({@link PublishFrames}); NIO connections queue frames and write them later.
   */
  static boolean writesFramesInline(AMQConnection connection) {
    return connection.getFrameHandler() instanceof DirectDeliveryFrameHandler;
  }
}
