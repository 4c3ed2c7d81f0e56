package io.brokerbench.amqp091;

import com.rabbitmq.client.impl.AMQConnection;
import com.rabbitmq.client.impl.Frame;
import com.rabbitmq.client.impl.FrameHandler;
import java.io.IOException;
import java.net.InetAddress;
import java.net.SocketException;

/** A frame handler that passes every call to another; subclasses change the calls they need. */
abstract class ForwardingFrameHandler implements FrameHandler {
  /** The handler the calls go to. */
  protected final FrameHandler delegate;

  ForwardingFrameHandler(FrameHandler delegate) {
    this.delegate = delegate;
  }

  @Override
  public void flush() throws IOException {
    delegate.flush();
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
