package io.brokerbench.internal.send;

import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.IdleConnection;
import io.brokerbench.spi.OutgoingMessage;
import io.brokerbench.spi.Producer;
import io.brokerbench.spi.ProducerSpec;
import io.brokerbench.spi.SendListener;
import io.brokerbench.spi.SendOutcome;
import java.util.Arrays;
import java.util.List;

/**
 * The light traffic of a many-connections run: one producer of the core (one schedule, one
 * sequence, one producer id) whose messages leave on the held connections in turn, each through the
 * producer the driver opened on that connection. So every connection sends at the same light rate,
 * and the messages are measured and accounted for like any producer's.
 *
 * <p>Each connection's producer sees a sequence of its own, from 0 without gaps, as the SPI
 * promises every producer (a driver maps its channel's delivery tags from it); its confirmations
 * are translated back to the core's sequence numbers here. Turns are strict: a connection without
 * room (its {@value #RING} unconfirmed messages, no credit) holds the next message until it has
 * room.
 */
public final class ConnectionTraffic implements Producer {
  /** Unconfirmed messages per connection at most: at a light rate, one is rarely still out. */
  static final int RING = 8;

  private final Lane[] lanes;
  private final SendListener core;
  private int next;
  // Connections sent on since the last flush: the turns from firstUnflushed on.
  private int firstUnflushed;
  private int unflushed;
  private int blockedLanes;

  /**
   * Opens a producer on each held connection.
   *
   * @param listener the core's listener, which hears the core's sequence numbers
   * @throws DriverException when one cannot be opened; those opened are closed again
   */
  public ConnectionTraffic(
      List<IdleConnection> connections, ProducerSpec spec, SendListener listener)
      throws DriverException {
    this.core = listener;
    this.lanes = new Lane[connections.size()];
    // Each connection's producer has at most a ring's worth unconfirmed, whatever the run's window:
    // a driver sizes its per-producer state by it, and there are tens of thousands of them.
    ProducerSpec each =
        new ProducerSpec(
            spec.producerIndex(),
            spec.destination(),
            spec.confirms() ? Math.min(spec.inFlightWindow(), RING) : 0,
            spec.persistent(),
            spec.bodyBytes());
    try {
      for (int i = 0; i < lanes.length; i++) {
        Lane lane = new Lane();
        lane.producer = connections.get(i).producer(each, lane);
        lanes[i] = lane;
      }
    } catch (DriverException | RuntimeException e) {
      close();
      throw e;
    }
  }

  @Override
  public boolean trySend(OutgoingMessage message) throws DriverException {
    Lane lane = lanes[next];
    long sequence = message.sequence();
    long local = lane.take(sequence);
    if (local < 0) {
      return false;
    }
    boolean sent = false;
    try {
      message.sequence(local);
      sent = lane.producer.trySend(message);
    } finally {
      message.sequence(sequence);
      if (!sent) {
        lane.giveBack(local);
      }
    }
    if (!sent) {
      return false;
    }
    if (unflushed++ == 0) {
      firstUnflushed = next;
    }
    next = next + 1 == lanes.length ? 0 : next + 1;
    return true;
  }

  @Override
  public void flush() throws DriverException {
    int count = Math.min(unflushed, lanes.length);
    unflushed = 0;
    for (int k = 0, i = firstUnflushed; k < count; k++, i = i + 1 == lanes.length ? 0 : i + 1) {
      lanes[i].producer.flush();
    }
  }

  @Override
  public void close() throws DriverException {
    DriverException first = null;
    for (Lane lane : lanes) {
      if (lane == null || lane.producer == null) {
        continue;
      }
      try {
        lane.producer.close();
      } catch (DriverException e) {
        first = first == null ? e : first;
      }
    }
    if (first != null) {
      throw first;
    }
  }

  private synchronized void laneBlocked(String reason) {
    if (blockedLanes++ == 0) {
      core.onBlocked(reason);
    }
  }

  private synchronized void laneUnblocked() {
    if (--blockedLanes == 0) {
      core.onUnblocked();
    }
  }

  /**
   * One connection's turn: which core sequence number each of its own unconfirmed ones stands for.
   * Its producer's thread takes and gives back slots; the driver's thread settles them.
   */
  private final class Lane implements SendListener {
    private static final long SETTLED = -1;

    private final long[] locals = new long[RING];
    private final long[] sequences = new long[RING];
    private Producer producer;
    private long nextLocal;
    private long lowest;
    private boolean blocked;

    Lane() {
      Arrays.fill(locals, -1);
    }

    /** A slot for core sequence number {@code sequence}: its local number, or -1 when full. */
    synchronized long take(long sequence) {
      if (nextLocal - lowest >= RING) {
        return -1;
      }
      int slot = (int) (nextLocal % RING);
      locals[slot] = nextLocal;
      sequences[slot] = sequence;
      return nextLocal++;
    }

    /** The send of {@code local}, the last taken, did not happen. */
    synchronized void giveBack(long local) {
      locals[(int) (local % RING)] = -1;
      nextLocal = local;
    }

    @Override
    public synchronized void onConfirm(long local, boolean multiple, SendOutcome outcome) {
      long last = Math.min(local, nextLocal - 1);
      for (long j = multiple ? lowest : local; j <= last; j++) {
        int slot = (int) (j % RING);
        if (locals[slot] == j && sequences[slot] != SETTLED) {
          long sequence = sequences[slot];
          sequences[slot] = SETTLED;
          core.onConfirm(sequence, false, outcome);
        }
      }
      while (lowest < nextLocal) {
        int slot = (int) (lowest % RING);
        if (locals[slot] != lowest || sequences[slot] != SETTLED) {
          break;
        }
        lowest++;
      }
    }

    @Override
    public synchronized void onRetried(long local) {
      int slot = (int) (local % RING);
      if (locals[slot] == local && sequences[slot] != SETTLED) {
        core.onRetried(sequences[slot]);
      }
    }

    @Override
    public void onReturned(byte[] stamp, int offset) {
      // The stamp carries the core's producer id and sequence number.
      core.onReturned(stamp, offset);
    }

    @Override
    public void onBlocked(String reason) {
      synchronized (this) {
        if (blocked) {
          return;
        }
        blocked = true;
      }
      laneBlocked(reason);
    }

    @Override
    public void onUnblocked() {
      synchronized (this) {
        if (!blocked) {
          return;
        }
        blocked = false;
      }
      laneUnblocked();
    }

    @Override
    public void onFailure(DriverException failure) {
      core.onFailure(failure);
    }
  }
}
