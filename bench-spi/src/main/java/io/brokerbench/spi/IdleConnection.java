package io.brokerbench.spi;

/**
 * A connection a many-connections run holds open without sending on it: its channels or sessions
 * are open, and it answers the broker's heartbeats until {@link #close()}.
 */
public interface IdleConnection extends AutoCloseable {
  /** Closes the connection (its channels or sessions with it). Bounded by the connect timeout. */
  @Override
  void close() throws DriverException;
}
