package io.brokerbench.amqp091;

import com.rabbitmq.client.MissedHeartbeatException;
import java.net.Socket;
import java.util.concurrent.ScheduledFuture;

/**
 * Gives up on a connection whose broker went silent, as amqp-client's reader does, for a socket
 * read without a timeout ({@link UntimedSocket}).
 *
 * <p>amqp-client reads with a socket timeout of a quarter of the heartbeat and fails the connection
 * after more than eight timeouts in a row with no frame: two heartbeats of silence while its reader
 * waits for the broker. Here the {@link SocketWatchdog} ticks every quarter heartbeat instead and
 * counts a tick as silent when the reader has been inside the same read since the last tick (a
 * reader busy elsewhere, say writing to a broker that blocked the connection, is not waiting for
 * it); after more than eight silent ticks it closes the socket, which ends the read, and the reader
 * reports {@link #failure()}.
 */
final class HeartbeatWatch {
  /** Silent quarter-heartbeats allowed before giving up: amqp-client's two heartbeats. */
  static final int SILENT_TICKS_ALLOWED = 2 * 4;

  private final Socket socket;
  private final FrameReader reads;
  private ScheduledFuture<?> ticks;
  private volatile int tickMillis;
  private volatile boolean missed;

  // The watchdog thread's alone.
  private int lastReadCount = -1;
  private int silentTicks;

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
      ticks = SocketWatchdog.every(millis, this::tick);
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

  /** One tick: closes the socket after too many silent ones. Package-private for tests. */
  void tick() {
    int count = reads.readCount();
    boolean waitingAsBefore = count == lastReadCount && FrameReader.isReading(count);
    lastReadCount = count;
    silentTicks = waitingAsBefore ? silentTicks + 1 : 0;
    if (silentTicks > SILENT_TICKS_ALLOWED && !missed) {
      missed = true;
      stop();
      SocketWatchdog.close(socket);
    }
  }
}
