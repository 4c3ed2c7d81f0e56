package io.brokerbench.amqp091;

import java.io.IOException;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.SocketTimeoutException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A socket that is never given a timeout, so that the JDK keeps it in blocking mode: a read that
 * waits for the broker is one system call that sleeps in the kernel.
 *
 * <p>Why: the JDK's socket switches itself to non-blocking mode, for good, the first time it
 * connects or reads with a timeout (amqp-client does both: its connection timeout and its heartbeat
 * tick). From then on every read that finds nothing is a read, a poll and a read again; a
 * connection's reader thread waits like that tens of thousands of times per million messages. Here
 * the connect's timeout is kept by the {@link SocketWatchdog} closing the socket, and the heartbeat
 * by a {@link HeartbeatWatch}.
 */
final class UntimedSocket extends Socket {
  /**
   * Connects without a socket timeout; the connect still gives up after {@code timeoutMillis}, as a
   * timed connect does.
   *
   * @throws SocketTimeoutException the connection was not made within {@code timeoutMillis}
   */
  @Override
  public void connect(SocketAddress endpoint, int timeoutMillis) throws IOException {
    if (timeoutMillis == 0) {
      super.connect(endpoint, 0);
      return;
    }
    if (timeoutMillis < 0) {
      throw new IllegalArgumentException("connect: timeout can't be negative");
    }
    // Whoever settles first wins: the connect that returned, or the deadline that closes it.
    AtomicBoolean settled = new AtomicBoolean();
    ScheduledFuture<?> deadline =
        SocketWatchdog.after(
            timeoutMillis,
            () -> {
              if (settled.compareAndSet(false, true)) {
                SocketWatchdog.close(this);
              }
            });
    try {
      super.connect(endpoint, 0);
    } catch (IOException e) {
      if (!settled.compareAndSet(false, true)) {
        throw timedOut(e);
      }
      throw e;
    } finally {
      deadline.cancel(false);
    }
    if (!settled.compareAndSet(false, true)) {
      throw timedOut(null);
    }
  }

  private static SocketTimeoutException timedOut(IOException cause) {
    SocketTimeoutException timedOut = new SocketTimeoutException("Connect timed out");
    timedOut.initCause(cause);
    return timedOut;
  }
}
