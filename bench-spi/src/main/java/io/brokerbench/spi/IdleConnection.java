package io.brokerbench.spi;

/**
 * A connection a many-connections run holds open: its channels or sessions are open, and it answers
 * the broker's heartbeats until {@link #close()}. With a light per-connection rate, it also sends
 * through the producer {@link #producer} opens on it.
 */
public interface IdleConnection extends AutoCloseable {
  /**
   * A producer sending on this connection (on one of its channels or sessions), to {@code spec}'s
   * destination; its sequence numbers are its own, from 0 without gaps, as for any producer. At
   * most one per connection; it is closed before the connection.
   *
   * @throws DriverException when it cannot be opened, or the driver's idle connections cannot send
   */
  default Producer producer(ProducerSpec spec, SendListener listener) throws DriverException {
    throw new DriverException(
        "this driver's idle connections cannot send: leave out --connection-send-rate");
  }

  /** Closes the connection (its channels or sessions with it). Bounded by the connect timeout. */
  @Override
  void close() throws DriverException;
}
