package io.brokerbench.amqp091;

import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.MetricsCollector;
import com.rabbitmq.client.impl.AMQConnection;
import com.rabbitmq.client.impl.ConnectionParams;
import com.rabbitmq.client.impl.FrameHandler;
import com.rabbitmq.client.impl.FrameHandlerFactory;
import com.rabbitmq.client.impl.SocketFrameHandler;
import com.rabbitmq.client.impl.SocketFrameHandlerFactory;
import java.io.IOException;

/**
 * amqp-client's connection factory with the changes to its frame handling that make the hot paths
 * cheap: publishes leave in bursts ({@link PublishFlushDeferral}) and, on blocking sockets (not
 * NIO), publishes are written as pre-encoded frames ({@link PublishFrames}) and deliveries reach
 * our consumers straight from their frames ({@link DirectDeliveryFrameHandler}); plain TCP
 * connections are made on sockets that stay in blocking mode ({@link UntimedSocket}).
 *
 * <p>The direct path reads an untimed socket's own input, and any other socket through the stream
 * {@link SocketFrameHandler#getInputStream} returns (amqp-client marks it as meant for tests; it is
 * the handler's only input, and from then on only our reader uses it). That stream is buffered, and
 * its buffer asks the socket how much is waiting (one more system call) after every read that does
 * not fill it; our reader has a buffer of its own.
 */
final class TunedConnectionFactory extends ConnectionFactory {
  @Override
  protected synchronized FrameHandlerFactory createFrameHandlerFactory() throws IOException {
    FrameHandlerFactory standard = super.createFrameHandlerFactory();
    // TLS sockets, NIO and a socket factory of the user's keep amqp-client's own sockets.
    if (standard.getClass() != SocketFrameHandlerFactory.class
        || isSSL()
        || getSocketFactory() != null) {
      return standard;
    }
    return new UntimedSocketFrameHandlerFactory(getConnectionTimeout(), getSocketConfigurator());
  }

  @Override
  protected AMQConnection createConnection(
      ConnectionParams params, FrameHandler frames, MetricsCollector metrics) {
    FrameHandler tuned = PublishFlushDeferral.wrap(frames);
    int maxPayloadBytes = params.getMaxInboundMessageBodySize();
    if (frames instanceof UntimedSocketFrameHandlerFactory.Handler untimed) {
      tuned =
          DirectDeliveryFrameHandler.untimed(
              tuned, untimed.socketInput(), maxPayloadBytes, untimed.socket());
    } else if (frames instanceof SocketFrameHandler socket) {
      tuned = DirectDeliveryFrameHandler.timed(tuned, socket.getInputStream(), maxPayloadBytes);
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
