package io.brokerbench.amqp10;

import io.brokerbench.spi.Consumer;
import io.brokerbench.spi.ConsumerSpec;
import io.brokerbench.spi.DeliveryListener;
import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.Producer;
import io.brokerbench.spi.ProducerSpec;
import io.brokerbench.spi.SendListener;
import org.apache.qpid.protonj2.client.Connection;

/**
 * {@code io=client}: producers and consumers use the protonj2-client API on a connection of their
 * own, each send handed to the client's event-loop thread.
 */
final class ClientIo implements MessageIo {
  static final String LIBRARY = MessageIo.withVersion("protonj2-client");

  private final Amqp10Config config;
  private final ClientConnections client;
  private final OpenLinks links;

  ClientIo(Amqp10Config config, ClientConnections client, OpenLinks links) {
    this.config = config;
    this.client = client;
    this.links = links;
  }

  @Override
  public String library() {
    return LIBRARY;
  }

  @Override
  public Producer producer(ProducerSpec spec, SendListener listener) throws DriverException {
    String address = config.addressOf(spec.destination());
    Connection connection = client.open("connecting producer-" + spec.producerIndex());
    return links.open(
        connection::closeAsync,
        () -> new Amqp10Producer(config, connection, address, spec, listener));
  }

  @Override
  public Consumer consumer(ConsumerSpec spec, DeliveryListener listener) throws DriverException {
    String address = config.addressOf(spec.destination());
    Connection connection = client.open("connecting consumer-" + spec.consumerIndex());
    return links.open(
        connection::closeAsync,
        () -> new Amqp10Consumer(config, connection, address, spec, listener, false));
  }
}
