package io.brokerbench.amqp091;

import com.rabbitmq.client.MissedHeartbeatException;
import java.io.IOException;
import java.net.Socket;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Gives up on a connection whose broker went silent, as amqp-client's reader does, for a socket
 * read without a timeout ({@link UntimedSocket}).
 *
 * <p>amqp-client reads with a socket timeout of a quarter of the heartbeat and fails the connection
 * after more than eight timeouts in a row with no frame: two heartbeats of silence while its reader
 * waits for the broker. Here the {@link SocketWatchdog} ticks every quarter heartbeat instead and
 * measures how long the reader has been inside the same read with nothing waiting in the socket;
 * past eight quarters it closes the socket, which ends the read, and the reader reports {@link
 * #failure()}. A reader busy elsewhere (say writing to a broker that blocked the connection) is not
 * waiting, and one that bytes are waiting for is only slow (a starved thread): neither is silence,
 * as amqp-client's socket timeout would not fire for them either. The silence is measured in time,
 * not counted in ticks: a watchdog thread that was starved runs its late ticks back to back.
 */
final class HeartbeatWatch {
  /** Quarter-heartbeats of silence allowed before giving up: amqp-client's two heartbeats. */
  static final int SILENT_TICKS_ALLOWED = 2 * 4;

  private final Socket socket;
  private final FrameReader reads;
  private ScheduledFuture<?> ticks;
  private volatile int tickMillis;
  private volatile boolean missed;

  // The watchdog thread's alone.
  private int lastReadCount = -1;
  private long quietSinceNanos;

  /**
   * Watches the reads {@code reads} makes from {@code socket}.
   *
   * @param socket closed when the heartbeat is missed
   * @param reads the reader whose {@link FrameReader#readCount()} shows whether it waits
   */
  HeartbeatWatch(Socket socket, FrameReader reads) {
    this.socket = socket;
    this.reads = reads;
  }

  /**
   * Starts ticking every {@code millis} (amqp-client's socket timeout: a quarter of the heartbeat),
   * or stops for 0 (heartbeats off).
   */
  synchronized void tickEvery(int millis) {
    stop();
    tickMillis = millis;
    if (millis > 0) {
      long tickNanos = TimeUnit.MILLISECONDS.toNanos(millis);
      ticks = SocketWatchdog.every(millis, () -> tick(System.nanoTime(), tickNanos));
    }
  }

  /** Stops ticking; the connection is closing. */
  synchronized void stop() {
    if (ticks != null) {
      ticks.cancel(false);
      ticks = null;
    }
  }

  /** Whether this watch closed the socket because the heartbeat was missed. */
  boolean missed() {
    return missed;
  }

  /** The error amqp-client gives a connection whose heartbeat was missed. */
  MissedHeartbeatException failure() {
    return new MissedHeartbeatException(
        "Heartbeat missing with heartbeat = " + tickMillis * 4 / 1000 + " seconds");
  }

  /**
   * One tick at {@code nowNanos}: closes the socket once the reader has waited in one read, with
   * nothing to read, for more than {@value #SILENT_TICKS_ALLOWED} ticks of {@code tickNanos}.
   * Package-private for tests.
   */
  void tick(long nowNanos, long tickNanos) {
    int count = reads.readCount();
    if (count != lastReadCount || !FrameReader.isReading(count) || bytesWaiting()) {
      lastReadCount = count;
      quietSinceNanos = nowNanos;
      return;
    }
    if (nowNanos - quietSinceNanos > SILENT_TICKS_ALLOWED * tickNanos && !missed) {
      missed = true;
      stop();
      SocketWatchdog.close(socket);
    }
  }

  /** Whether the broker sent bytes the reader has not taken yet: it is not silent then. */
  private boolean bytesWaiting() {
    try {
      return socket.getInputStream().available() > 0;
    } catch (IOException e) {
      // Closed or failed: the reader's own read says so.
      return false;
    }
  }
}
