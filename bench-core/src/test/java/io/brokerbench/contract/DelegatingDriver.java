package io.brokerbench.contract;

import io.brokerbench.spi.Consumer;
import io.brokerbench.spi.ConsumerSpec;
import io.brokerbench.spi.DeliveryListener;
import io.brokerbench.spi.DestinationSpec;
import io.brokerbench.spi.Driver;
import io.brokerbench.spi.DriverDescription;
import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.Producer;
import io.brokerbench.spi.ProducerSpec;
import io.brokerbench.spi.ReplyListener;
import io.brokerbench.spi.SendListener;
import java.util.List;
import java.util.Map;

/** A driver that forwards everything to another; tests override the part they change. */
public class DelegatingDriver implements Driver {
  /** The driver everything goes to. */
  protected final Driver delegate;

  /**
   * @param delegate the driver everything goes to
   */
  public DelegatingDriver(Driver delegate) {
    this.delegate = delegate;
  }

  @Override
  public DriverDescription description() {
    return delegate.description();
  }

  @Override
  public void declare(List<DestinationSpec> destinations) throws DriverException {
    delegate.declare(destinations);
  }

  @Override
  public Producer createProducer(ProducerSpec spec, SendListener listener) throws DriverException {
    return delegate.createProducer(spec, listener);
  }

  @Override
  public Consumer createConsumer(ConsumerSpec spec, DeliveryListener listener)
      throws DriverException {
    return delegate.createConsumer(spec, listener);
  }

  @Override
  public Producer createRequester(ProducerSpec spec, SendListener listener, ReplyListener replies)
      throws DriverException {
    return delegate.createRequester(spec, listener, replies);
  }

  @Override
  public Consumer createReplier(ConsumerSpec spec, DeliveryListener listener)
      throws DriverException {
    return delegate.createReplier(spec, listener);
  }

  @Override
  public Map<String, String> clientNodes() {
    return delegate.clientNodes();
  }

  @Override
  public int consumersOf(String destination) throws DriverException {
    return delegate.consumersOf(destination);
  }

  @Override
  public long messagesWaiting(String destination) throws DriverException {
    return delegate.messagesWaiting(destination);
  }

  @Override
  public void cleanup() throws DriverException {
    delegate.cleanup();
  }

  @Override
  public void close() throws DriverException {
    delegate.close();
  }
}
