package io.brokerbench.amqp10;

import io.brokerbench.spi.DriverException;
import java.util.ArrayList;
import java.util.List;

/**
 * The producers and consumers a driver opened, each on a connection of its own that closing it
 * closes too; closed with the driver.
 */
final class OpenLinks {
  /** Opens a link on the connection just opened for it. */
  interface LinkFactory<T extends AutoCloseable> {
    T create() throws DriverException;
  }

  private final Amqp10Config config;
  private final List<AutoCloseable> links = new ArrayList<>();

  OpenLinks(Amqp10Config config) {
    this.config = config;
  }

  /**
   * Opens a link and keeps it, to be closed with the others.
   *
   * @param closeConnection closes the link's connection when the link cannot be opened
   */
  <T extends AutoCloseable> T open(Runnable closeConnection, LinkFactory<T> factory)
      throws DriverException {
    try {
      T link = factory.create();
      synchronized (links) {
        links.add(link);
      }
      return link;
    } catch (DriverException | RuntimeException e) {
      closeConnection.run();
      throw e;
    }
  }

  /**
   * Closes every link kept so far.
   *
   * @throws DriverException the first failure, once every link has been tried
   */
  void close() throws DriverException {
    DriverException first = null;
    List<AutoCloseable> toClose;
    synchronized (links) {
      toClose = new ArrayList<>(links);
      links.clear();
    }
    for (AutoCloseable link : toClose) {
      try {
        link.close();
      } catch (Exception e) {
        if (first == null) {
          first = e instanceof DriverException d ? d : Errors.of(config, "closing", e);
        }
      }
    }
    if (first != null) {
      throw first;
    }
  }
}
