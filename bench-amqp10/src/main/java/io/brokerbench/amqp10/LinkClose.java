package io.brokerbench.amqp10;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.apache.qpid.protonj2.client.Connection;
import org.apache.qpid.protonj2.client.Link;

/** Closing a client-API link and then its connection, shared by producers and consumers. */
final class LinkClose {
  private LinkClose() {}

  /**
   * Closes the link gracefully, waiting up to {@code timeout} for the broker, then the connection
   * whatever happened.
   */
  static void linkThenConnection(Link<?> link, Duration timeout, Connection connection) {
    try {
      link.closeAsync().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (Exception e) {
      // the link may already be gone (broker detached it): closing the connection is enough
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
    } finally {
      connection.close();
    }
  }
}
