package io.brokerbench.amqp10;

import io.brokerbench.spi.DriverException;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * A link's attach and its first failure. A failure before the broker attached the link fails the
 * attach, which the link's opener waits for; one after it goes to the run's listener. Only the
 * first counts (a detach is often followed by the session's end and the connection's close, each
 * reported too), and none once we are closing the link ourselves.
 */
final class LinkFailure {
  private final CompletableFuture<Void> attached = new CompletableFuture<>();
  private final Consumer<DriverException> afterAttach;
  private volatile DriverException failure;
  private volatile boolean closed;

  /**
   * @param afterAttach told of the first failure once the link is attached: the run's listener
   */
  LinkFailure(Consumer<DriverException> afterAttach) {
    this.afterAttach = afterAttach;
  }

  /** Completes when the broker attached the link, exceptionally when it failed first. */
  CompletableFuture<Void> attach() {
    return attached;
  }

  /**
   * The broker attached the link (with a terminus: a refused link attaches without, then detaches).
   */
  void attached() {
    attached.complete(null);
  }

  /** Reports {@code e} unless the link already failed or is being closed. */
  void fail(DriverException e) {
    synchronized (this) {
      if (closed || failure != null) {
        return;
      }
      failure = e;
    }
    // The listener is told outside the lock: it may close the link from another thread.
    if (!attached.completeExceptionally(e)) {
      afterAttach.accept(e);
    }
  }

  /** The first failure, or null. */
  DriverException failure() {
    return failure;
  }

  /**
   * We are closing the link: failures from now on are the close's, not the run's.
   *
   * @return false when it was closing already
   */
  synchronized boolean close() {
    if (closed) {
      return false;
    }
    closed = true;
    return true;
  }
}
