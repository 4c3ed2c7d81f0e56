package io.brokerbench.amqp10;

import io.brokerbench.spi.Consumer;
import io.brokerbench.spi.ConsumerSpec;
import io.brokerbench.spi.DeliveryListener;
import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.Producer;
import io.brokerbench.spi.ProducerSpec;
import io.brokerbench.spi.SendListener;
import javax.net.ssl.SSLContext;

/**
 * {@code io=engine}: producers and consumers drive the protonj2 engine over a blocking socket of
 * their own ({@link EngineConnection}), with no client event loop between them and the socket.
 */
final class EngineIo implements MessageIo {
  static final String LIBRARY = MessageIo.withVersion("protonj2") + " (engine)";

  private final Amqp10Config config;
  private final SSLContext tls;
  private final OpenLinks links;

  /**
   * @param tls the TLS context to connect with, or null for plain AMQP
   */
  EngineIo(Amqp10Config config, SSLContext tls, OpenLinks links) {
    this.config = config;
    this.tls = tls;
    this.links = links;
  }

  @Override
  public String library() {
    return LIBRARY;
  }

  @Override
  public Producer producer(ProducerSpec spec, SendListener listener) throws DriverException {
    String address = config.addressOf(spec.destination());
    EngineConnection connection =
        EngineConnection.open(config, tls, "producer-" + spec.producerIndex());
    return links.open(
        connection::close, () -> new EngineProducer(config, connection, address, spec, listener));
  }

  @Override
  public Consumer consumer(ConsumerSpec spec, DeliveryListener listener) throws DriverException {
    String address = config.addressOf(spec.destination());
    EngineConnection connection =
        EngineConnection.open(config, tls, "consumer-" + spec.consumerIndex());
    return links.open(
        connection::close, () -> new EngineConsumer(config, connection, address, spec, listener));
  }
}
