package io.brokerbench.amqp091;

import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.MetricsCollector;
import com.rabbitmq.client.impl.AMQConnection;
import com.rabbitmq.client.impl.ConnectionParams;
import com.rabbitmq.client.impl.Frame;
import com.rabbitmq.client.impl.FrameHandler;
import java.io.IOException;
import java.net.InetAddress;
import java.net.SocketException;

/**
 * Lets a producer thread defer the socket flush amqp-client does after every command, so a burst of
 * publishes leaves in one write instead of one write (a system call, and on loopback the broker's
 * wake-up) each.
 *
 * <p>amqp-client writes a command's frames into a buffered stream and then calls {@link
 * FrameHandler#flush()}. Connections made by {@link #connectionFactory()} wrap their frame handler
 * so that this flush is skipped while the calling thread is inside {@link #publishing}; the
 * producer writes the buffer out in its {@code flush()}, which the core calls before it waits. Only
 * publishes are deferred: acks, heartbeats and every other command flush as before, and writing
 * them also writes out any publish still buffered.
 */
final class PublishFlushDeferral {
  private static final ThreadLocal<Boolean> PUBLISHING = ThreadLocal.withInitial(() -> false);

  private PublishFlushDeferral() {}

  /** A connection factory whose connections honour the deferral. */
  static ConnectionFactory connectionFactory() {
    return new ConnectionFactory() {
      @Override
      protected AMQConnection createConnection(
          ConnectionParams params, FrameHandler frames, MetricsCollector metrics) {
        return super.createConnection(params, new DeferringFrameHandler(frames), metrics);
      }
    };
  }

  /**
   * Marks the calling thread as publishing (true, just before {@code basicPublish}) or done (false,
   * right after it). Uses {@link Boolean} constants: nothing allocates.
   */
  static void publishing(boolean publishing) {
    PUBLISHING.set(publishing);
  }

  private static final class DeferringFrameHandler implements FrameHandler {
    private final FrameHandler delegate;

    DeferringFrameHandler(FrameHandler delegate) {
      this.delegate = delegate;
    }

    @Override
    public void flush() throws IOException {
      if (!PUBLISHING.get()) {
        delegate.flush();
      }
    }

    @Override
    public void writeFrame(Frame frame) throws IOException {
      delegate.writeFrame(frame);
    }

    @Override
    public Frame readFrame() throws IOException {
      return delegate.readFrame();
    }

    @Override
    public void setTimeout(int timeoutMillis) throws SocketException {
      delegate.setTimeout(timeoutMillis);
    }

    @Override
    public int getTimeout() throws SocketException {
      return delegate.getTimeout();
    }

    @Override
    public void sendHeader() throws IOException {
      delegate.sendHeader();
    }

    @Override
    public void initialize(AMQConnection connection) {
      delegate.initialize(connection);
    }

    @Override
    public void close() {
      delegate.close();
    }

    @Override
    public InetAddress getLocalAddress() {
      return delegate.getLocalAddress();
    }

    @Override
    public int getLocalPort() {
      return delegate.getLocalPort();
    }

    @Override
    public InetAddress getAddress() {
      return delegate.getAddress();
    }

    @Override
    public int getPort() {
      return delegate.getPort();
    }
  }
}
