package io.brokerbench.amqp091;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import io.brokerbench.spi.DriverException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeoutException;

/**
 * Hands out channels for producers or consumers, {@code channelsPerConnection} per connection (1 by
 * default: a connection each, as PerfTest does). Set-up and tear-down only; thread-safe.
 *
 * <p>A connection is closed when every channel it will ever carry was released, or at {@link
 * #closeAll()}. {@link #leaseBeside} adds a channel to a given lease's connection beyond that
 * count: exclusive queues are usable only on the connection that declared them.
 */
final class ConnectionPool {

  /** Opens a new connection; the name shows in the broker's connection list. */
  interface Connector {
    /** Opens a connection named {@code name}, to the next broker in turn. */
    Lease.Target open(String name) throws DriverException;
  }

  private final Connector connector;
  private final int channelsPerConnection;
  private final String role;
  private final List<Slot> slots = new ArrayList<>();
  private Slot current;
  private int opened;

  ConnectionPool(Connector connector, int channelsPerConnection, String role) {
    this.connector = connector;
    this.channelsPerConnection = channelsPerConnection;
    this.role = role;
  }

  /**
   * A channel on a connection with room for it, opening a connection when needed (or when the one
   * with room was lost: a client reconnecting after a loss gets a new one).
   */
  synchronized Lease lease() throws DriverException {
    if (current == null
        || current.given == channelsPerConnection
        || !current.target.connection().isOpen()) {
      Lease.Target target = connector.open("brokerbench-" + role + "-" + opened++);
      current = new Slot(target);
      slots.add(current);
    }
    Slot slot = current;
    Lease lease = new Lease(this, slot, openChannel(slot));
    slot.given++;
    return lease;
  }

  /**
   * Another channel on the connection of {@code other}, not counted against {@code
   * channelsPerConnection}; null when that connection was closed already.
   */
  synchronized Lease leaseBeside(Lease other) throws DriverException {
    Slot slot = other.slot;
    if (slot == null || !slots.contains(slot) || !slot.target.connection().isOpen()) {
      return null;
    }
    Lease lease = new Lease(this, slot, openChannel(slot));
    slot.extra++;
    return lease;
  }

  private static Channel openChannel(Slot slot) throws DriverException {
    Channel channel;
    try {
      channel = slot.target.connection().createChannel();
    } catch (IOException | RuntimeException e) {
      throw Amqp091Errors.operationFailed(
          "open a channel to " + slot.target.address().endpoint(), e);
    }
    if (channel == null) {
      throw new DriverException(
          "cannot open a channel to "
              + slot.target.address().endpoint()
              + ": the broker's channel limit is reached (lower channels-per-connection)");
    }
    return channel;
  }

  private synchronized void release(Slot slot) {
    slot.released++;
    if (slot.released == channelsPerConnection + slot.extra) {
      slots.remove(slot);
      if (slot == current) {
        current = null;
      }
      close(slot.target.connection());
    }
  }

  /** How many connections this pool holds open now. */
  synchronized int openConnections() {
    return slots.size();
  }

  /** Closes every connection still open. */
  synchronized void closeAll() {
    for (Slot slot : slots) {
      close(slot.target.connection());
    }
    slots.clear();
    current = null;
  }

  /** Closes a connection, waiting a bounded time for the broker, then aborts it. */
  static void close(Connection connection) {
    try {
      if (connection.isOpen()) {
        connection.close(2_000);
      }
    } catch (IOException | RuntimeException e) {
      connection.abort(1_000);
    }
  }

  private static final class Slot {
    private final Lease.Target target;
    private int given;
    private int extra;
    private int released;

    Slot(Lease.Target target) {
      this.target = target;
    }
  }

  /** One channel and the connection it runs on; release it once. */
  static final class Lease {
    /** A connection and the broker it goes to. */
    record Target(Connection connection, BrokerAddress address) {}

    private final ConnectionPool pool;
    private final Slot slot;
    private final Channel channel;
    private final BrokerAddress address;
    private boolean released;

    private Lease(ConnectionPool pool, Slot slot, Channel channel, BrokerAddress address) {
      this.pool = pool;
      this.slot = slot;
      this.channel = channel;
      this.address = address;
    }

    private Lease(ConnectionPool pool, Slot slot, Channel channel) {
      this(pool, slot, channel, slot.target.address());
    }

    /**
     * A channel on a connection no pool holds (an idle connection's): releasing it closes the
     * channel, not the connection.
     */
    static Lease of(Channel channel, BrokerAddress address) {
      return new Lease(null, null, channel, address);
    }

    Channel channel() {
      return channel;
    }

    BrokerAddress address() {
      return address;
    }

    /** Closes the channel (bounded wait) and the connection once it carries no channel. */
    void release() {
      synchronized (this) {
        if (released) {
          return;
        }
        released = true;
      }
      try {
        if (channel.isOpen()) {
          channel.close();
        }
      } catch (IOException | TimeoutException | RuntimeException e) {
        // The channel or its connection is gone already; the connection is closed below or at
        // the end, and other channels on it must not be aborted.
      } finally {
        if (pool != null) {
          pool.release(slot);
        }
      }
    }
  }
}
