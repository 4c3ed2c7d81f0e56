package io.brokerbench.spi;

/** Receives from one destination; consuming starts when the driver creates it. */
public interface Consumer extends AutoCloseable {

  /**
   * Stops consuming gracefully: outstanding acknowledgements are sent so that no delivery the core
   * has counted is requeued. Idempotent. May block for a bounded time.
   */
  @Override
  void close() throws DriverException;
}
