package io.brokerbench.amqp091;

import java.io.IOException;
import java.net.Socket;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The one daemon thread that bounds the waits of {@linkplain UntimedSocket untimed sockets}: it
 * closes a socket whose connect took too long, and checks every connection's {@link
 * HeartbeatWatch}. Started with the first such socket; its tasks only compare counters and close
 * sockets, so one thread serves every connection of the process.
 */
final class SocketWatchdog {
  private static final ScheduledThreadPoolExecutor TIMER = timer();

  private SocketWatchdog() {}

  /** Runs {@code task} once, {@code millis} from now. */
  static ScheduledFuture<?> after(long millis, Runnable task) {
    return TIMER.schedule(task, millis, TimeUnit.MILLISECONDS);
  }

  /** Runs {@code task} every {@code millis}, the first time {@code millis} from now. */
  static ScheduledFuture<?> every(long millis, Runnable task) {
    return TIMER.scheduleAtFixedRate(task, millis, millis, TimeUnit.MILLISECONDS);
  }

  /** Closes {@code socket}, which wakes a thread blocked in its connect, read or write. */
  static void close(Socket socket) {
    try {
      socket.close();
    } catch (IOException e) {
      // Closed as far as it can be: the blocked thread has its error either way.
    }
  }

  private static ScheduledThreadPoolExecutor timer() {
    ScheduledThreadPoolExecutor timer =
        new ScheduledThreadPoolExecutor(
            1,
            task -> {
              Thread thread = new Thread(task, "brokerbench-amqp091-watchdog");
              thread.setDaemon(true);
              return thread;
            });
    // A connection's checks are cancelled when it closes; thousands of them must not linger.
    timer.setRemoveOnCancelPolicy(true);
    return timer;
  }
}
