package io.brokerbench.amqp091;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.LongString;
import com.rabbitmq.client.impl.nio.NioParams;
import io.brokerbench.spi.CallingThreadExecutor;
import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.IdleConnection;
import io.brokerbench.spi.Producer;
import io.brokerbench.spi.ProducerSpec;
import io.brokerbench.spi.SendListener;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Opens the idle connections of a many-connections run, cheaply enough to hold tens of thousands:
 * over NIO (a few I/O threads for all of them, not one reader per connection; their socket buffers
 * are the I/O threads', not each connection's), with one heartbeat thread pool and one shutdown
 * pool for all, no consumer thread pool, and a short write queue: amqp-client's default of 10,000
 * slots is an array of 40 KB per connection, for connections that carry only heartbeats and channel
 * commands. Connections go to the broker URIs in turn.
 */
final class IdleConnections implements AutoCloseable {
  /** NIO threads for all idle connections: heartbeats and handshakes are little work. */
  static final int IO_THREADS = 2;

  private static final int WRITE_QUEUE_FRAMES = 64;

  /** amqp-client's client properties that an idle connection leaves out. */
  private static final Set<String> LICENCE_TEXTS = Set.of("copyright", "information", "platform");

  private final List<ConnectionFactory> factories = new ArrayList<>();
  private final List<BrokerAddress> addresses;
  private final ScheduledExecutorService heartbeats;
  private final ExecutorService shutdowns;
  private final ExecutorService consumerWork = new CallingThreadExecutor();
  private final AtomicInteger turn = new AtomicInteger();
  private final Duration timeout;
  private final ConnectFailureWording wording;
  private final ChannelProducer producers;

  /** Words a failed connection for the user, as the driver's other connections do. */
  interface ConnectFailureWording {
    DriverException of(BrokerAddress address, Throwable e);
  }

  /** Sets up the driver's producer on a channel: its exchange, routing key, confirms. */
  interface ChannelProducer {
    Producer open(ConnectionPool.Lease lease, ProducerSpec spec, SendListener listener)
        throws DriverException;
  }

  /**
   * Idle connections to the brokers that {@code templates} (one per address) connect to.
   *
   * @param templates the driver's connection factories; each is copied, not changed
   */
  IdleConnections(
      List<ConnectionFactory> templates,
      List<BrokerAddress> addresses,
      ThreadFactory threads,
      Duration timeout,
      ConnectFailureWording wording,
      ChannelProducer producers) {
    this.addresses = addresses;
    this.timeout = timeout;
    this.wording = wording;
    this.producers = producers;
    this.heartbeats = Executors.newScheduledThreadPool(2, threads);
    this.shutdowns = Executors.newCachedThreadPool(threads);
    for (ConnectionFactory template : templates) {
      ConnectionFactory factory = template.clone();
      factory.useNio();
      factory.setNioParams(
          new NioParams()
              .setNbIoThreads(IO_THREADS)
              .setThreadFactory(threads)
              .setWriteQueueCapacity(WRITE_QUEUE_FRAMES)
              .setConnectionShutdownExecutor(shutdowns));
      factory.setClientProperties(announcement(factory.getClientProperties()));
      factory.setHeartbeatExecutor(heartbeats);
      factory.setShutdownExecutor(shutdowns);
      factories.add(factory);
    }
  }

  /**
   * The client properties an idle connection announces: amqp-client's without its copyright,
   * licence and platform texts, and with its other texts as strings. amqp-client writes each {@link
   * LongString} of the handshake through a new 4 KB copy buffer (a {@link String} goes straight
   * out, the same bytes on the wire), so its five texts were 20 KB of garbage per connection, most
   * of what an idle connection allocates: at a thousand connections, most of the client's growth in
   * resident memory, as the heap's pages are first touched.
   */
  static Map<String, Object> announcement(Map<String, Object> defaults) {
    Map<String, Object> properties = new HashMap<>();
    defaults.forEach(
        (name, value) -> {
          if (!LICENCE_TEXTS.contains(name)) {
            properties.put(name, value instanceof LongString text ? text.toString() : value);
          }
        });
    return properties;
  }

  /**
   * Opens connection {@code index} to the next broker in turn, with {@code channels} channels; a
   * producer it opens sends on the first of them.
   */
  IdleConnection open(int index, int channels) throws DriverException {
    int which = Math.floorMod(turn.getAndIncrement(), factories.size());
    Connection connection;
    try {
      connection = factories.get(which).newConnection(consumerWork, "brokerbench-idle-" + index);
    } catch (IOException | TimeoutException | RuntimeException e) {
      throw wording.of(addresses.get(which), e);
    }
    Channel first = null;
    try {
      for (int c = 0; c < channels; c++) {
        Channel channel = connection.createChannel();
        if (first == null) {
          first = channel;
        }
        if (channel == null) {
          throw new DriverException(
              "the broker allows "
                  + c
                  + " channels per connection, below --connection-channels "
                  + channels);
        }
      }
    } catch (IOException | RuntimeException | DriverException e) {
      connection.abort((int) timeout.toMillis());
      throw e instanceof DriverException d
          ? d
          : new DriverException(
              "cannot open a channel on idle connection " + index + ": " + e.getMessage(), e);
    }
    return new Held(connection, first, addresses.get(which));
  }

  /** A held connection, which can send on its first channel. */
  private final class Held implements IdleConnection {
    private final Connection connection;
    private final Channel first;
    private final BrokerAddress address;

    Held(Connection connection, Channel first, BrokerAddress address) {
      this.connection = connection;
      this.first = first;
      this.address = address;
    }

    @Override
    public Producer producer(ProducerSpec spec, SendListener listener) throws DriverException {
      return producers.open(ConnectionPool.Lease.of(first, address), spec, listener);
    }

    @Override
    public void close() {
      try {
        connection.close(AMQP.REPLY_SUCCESS, "brokerbench run ended", (int) timeout.toMillis());
      } catch (IOException | RuntimeException e) {
        connection.abort((int) timeout.toMillis());
      }
    }
  }

  @Override
  public void close() {
    heartbeats.shutdownNow();
    shutdowns.shutdownNow();
  }
}
