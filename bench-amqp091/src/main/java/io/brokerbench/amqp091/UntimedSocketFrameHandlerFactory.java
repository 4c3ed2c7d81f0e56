package io.brokerbench.amqp091;

import com.rabbitmq.client.SocketConfigurator;
import com.rabbitmq.client.impl.FrameHandler;
import com.rabbitmq.client.impl.SocketFrameHandler;
import com.rabbitmq.client.impl.SocketFrameHandlerFactory;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;

/**
 * amqp-client's factory of blocking-socket connections (plain TCP), making each on an {@link
 * UntimedSocket} and keeping the socket where the connection's {@link DirectDeliveryFrameHandler}
 * finds it, to close it when the heartbeat is missed ({@link HeartbeatWatch}).
 */
final class UntimedSocketFrameHandlerFactory extends SocketFrameHandlerFactory {
  /**
   * A factory of connections that connect within {@code connectionTimeoutMillis}.
   *
   * @param configurator the connection factory's socket configurator (TCP_NODELAY and so on)
   */
  UntimedSocketFrameHandlerFactory(int connectionTimeoutMillis, SocketConfigurator configurator) {
    // No shutdown executor: the driver sets none. The inbound size limit is not this handler's to
    // keep: DirectDeliveryFrameHandler reads every frame, with the connection's limit.
    super(connectionTimeoutMillis, null, configurator, false, null);
  }

  @Override
  protected Socket createSocket(String connectionName) {
    return new UntimedSocket();
  }

  @Override
  public FrameHandler create(Socket socket) throws IOException {
    return new Handler(socket);
  }

  /** amqp-client's handler of a blocking socket, which says which socket it is. */
  static final class Handler extends SocketFrameHandler {
    private final Socket socket;
    private final InputStream socketInput;

    Handler(Socket socket) throws IOException {
      super(socket);
      this.socket = socket;
      this.socketInput = socket.getInputStream();
    }

    /** The connection's socket. */
    Socket socket() {
      return socket;
    }

    /** The socket's own input, unbuffered; amqp-client's buffered stream is never read. */
    InputStream socketInput() {
      return socketInput;
    }
  }
}
