package io.brokerbench.loopback;

import io.brokerbench.rate.NanoClock;
import io.brokerbench.spi.DriverException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * What happens to the whole in-memory broker, as against one message: a freeze and a kill, each set
 * off once by the first producer to send the configured message number and timed on the driver's
 * clock, so a test with a manual clock sees the same outage every time.
 *
 * <p>A connection is modelled by the incarnation it was opened in: a kill starts a new one, and a
 * producer of an older incarnation has lost its connection.
 */
final class BrokerIncidents {
  static final String KILLED = "connection lost: the loopback broker was killed (injected fault)";
  static final String DOWN = "cannot connect: the loopback broker is down (injected fault)";

  private final LoopbackOptions options;
  private final NanoClock clock;
  private final Runnable dropConsumers;
  private final AtomicBoolean killed = new AtomicBoolean();
  private final long frozenFrom;
  private final long frozenUntil;
  private volatile long downUntil = Long.MIN_VALUE;
  private volatile int incarnation;

  /**
   * @param dropConsumers tells every subscribed consumer its connection is lost, at a kill
   */
  BrokerIncidents(LoopbackOptions options, NanoClock clock, Runnable dropConsumers) {
    this.options = options;
    this.clock = clock;
    this.dropConsumers = dropConsumers;
    this.frozenFrom = clock.nanoTime() + options.freezeAt().toNanos();
    this.frozenUntil = frozenFrom + options.freeze().toNanos();
  }

  /**
   * A new connection's incarnation.
   *
   * @throws DriverException while the killed broker is down
   */
  int connect() throws DriverException {
    if (clock.nanoTime() < downUntil) {
      throw new DriverException(DOWN);
    }
    return incarnation;
  }

  /**
   * Called before each send: fails a connection the broker lost, sets off the freeze or the kill at
   * their message numbers, and holds the send until a freeze ends.
   *
   * @param connection the sending producer's incarnation
   * @throws DriverException when the producer's connection is lost
   */
  void beforeSend(long sequence, int connection) throws DriverException {
    if (connection != incarnation) {
      throw new DriverException(KILLED);
    }
    if (sequence == options.killAfter() && killed.compareAndSet(false, true)) {
      downUntil = clock.nanoTime() + options.down().toNanos();
      incarnation++;
      dropConsumers.run();
      throw new DriverException(KILLED);
    }
    long now = clock.nanoTime();
    if (now >= frozenFrom && now < frozenUntil) {
      try {
        clock.sleepUntil(frozenUntil);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new DriverException("interrupted during an injected freeze", e);
      }
    }
  }
}
