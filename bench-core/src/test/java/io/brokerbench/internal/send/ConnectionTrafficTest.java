package io.brokerbench.internal.send;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.IdleConnection;
import io.brokerbench.spi.OutgoingMessage;
import io.brokerbench.spi.Producer;
import io.brokerbench.spi.ProducerSpec;
import io.brokerbench.spi.SendListener;
import io.brokerbench.spi.SendOutcome;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The held connections' traffic: messages go to the connections in strict turns, each connection's
 * producer sees its own gap-free sequence, and its confirmations reach the core as the core's
 * sequence numbers.
 */
class ConnectionTrafficTest {
  private static final ProducerSpec SPEC = new ProducerSpec(0, "q", 100, false, 12);

  /** A connection whose producer records what it was given and whom to confirm to. */
  private static final class RecordingConnection implements IdleConnection {
    final List<Long> sequences = new ArrayList<>();
    ProducerSpec spec;
    int flushes;
    boolean refuse;
    SendListener listener;

    @Override
    public Producer producer(ProducerSpec spec, SendListener listener) {
      this.spec = spec;
      this.listener = listener;
      return new Producer() {
        @Override
        public boolean trySend(OutgoingMessage message) {
          if (refuse) {
            return false;
          }
          sequences.add(message.sequence());
          return true;
        }

        @Override
        public void flush() {
          flushes++;
        }

        @Override
        public void close() {}
      };
    }

    @Override
    public void close() {}
  }

  /** What the core heard. */
  private static final class CoreListener implements SendListener {
    final List<Long> confirmed = new ArrayList<>();
    final List<SendOutcome> outcomes = new ArrayList<>();
    int blocked;
    int unblocked;

    @Override
    public void onConfirm(long sequence, boolean multiple, SendOutcome outcome) {
      assertThat(multiple).isFalse();
      confirmed.add(sequence);
      outcomes.add(outcome);
    }

    @Override
    public void onReturned(byte[] stamp, int offset) {}

    @Override
    public void onBlocked(String reason) {
      blocked++;
    }

    @Override
    public void onUnblocked() {
      unblocked++;
    }

    @Override
    public void onFailure(DriverException failure) {}
  }

  private static List<RecordingConnection> connections(int n) {
    List<RecordingConnection> list = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      list.add(new RecordingConnection());
    }
    return list;
  }

  private static boolean send(ConnectionTraffic traffic, OutgoingMessage message, long sequence)
      throws DriverException {
    message.sequence(sequence);
    boolean sent = traffic.trySend(message);
    assertThat(message.sequence()).isEqualTo(sequence);
    return sent;
  }

  @Test
  void messagesGoToTheConnectionsInTurnEachWithItsOwnGapFreeSequence() throws Exception {
    List<RecordingConnection> held = connections(3);
    ConnectionTraffic traffic = new ConnectionTraffic(List.copyOf(held), SPEC, new CoreListener());
    OutgoingMessage message = new OutgoingMessage(12);

    for (long s = 0; s < 7; s++) {
      assertThat(send(traffic, message, s)).isTrue();
    }

    assertThat(held.get(0).sequences).containsExactly(0L, 1L, 2L);
    assertThat(held.get(1).sequences).containsExactly(0L, 1L);
    assertThat(held.get(2).sequences).containsExactly(0L, 1L);
    // The run's window is 100; each connection's producer is told of its ring's 8.
    assertThat(held.get(0).spec.inFlightWindow()).isEqualTo(ConnectionTraffic.RING);
    assertThat(held.get(0).spec.destination()).isEqualTo("q");
  }

  @Test
  void confirmationsReachTheCoreAsItsSequenceNumbers() throws Exception {
    List<RecordingConnection> held = connections(3);
    CoreListener core = new CoreListener();
    ConnectionTraffic traffic = new ConnectionTraffic(List.copyOf(held), SPEC, core);
    OutgoingMessage message = new OutgoingMessage(12);
    for (long s = 0; s < 7; s++) {
      send(traffic, message, s);
    }

    // Connection 1 confirms its second message alone, then connection 0 its first three at once.
    held.get(1).listener.onConfirm(1, false, SendOutcome.ACCEPTED);
    held.get(0).listener.onConfirm(2, true, SendOutcome.REJECTED);
    // Connection 1's first, then all up to its second: only the first is new.
    held.get(1).listener.onConfirm(1, true, SendOutcome.ACCEPTED);

    assertThat(core.confirmed).containsExactly(4L, 0L, 3L, 6L, 1L);
    assertThat(core.outcomes)
        .containsExactly(
            SendOutcome.ACCEPTED,
            SendOutcome.REJECTED,
            SendOutcome.REJECTED,
            SendOutcome.REJECTED,
            SendOutcome.ACCEPTED);
  }

  @Test
  void aConnectionWithoutRoomHoldsTheNextMessageInsteadOfSkippingItsTurn() throws Exception {
    List<RecordingConnection> held = connections(2);
    CoreListener core = new CoreListener();
    ConnectionTraffic traffic = new ConnectionTraffic(List.copyOf(held), SPEC, core);
    OutgoingMessage message = new OutgoingMessage(12);

    held.get(0).refuse = true;
    assertThat(send(traffic, message, 0)).isFalse();
    assertThat(send(traffic, message, 0)).isFalse();
    held.get(0).refuse = false;
    assertThat(send(traffic, message, 0)).isTrue();
    assertThat(send(traffic, message, 1)).isTrue();

    // The refused attempts used no local number.
    assertThat(held.get(0).sequences).containsExactly(0L);
    assertThat(held.get(1).sequences).containsExactly(0L);
  }

  @Test
  void aConnectionWithItsRingOfUnconfirmedMessagesFullWaitsForAConfirm() throws Exception {
    List<RecordingConnection> held = connections(1);
    CoreListener core = new CoreListener();
    ConnectionTraffic traffic = new ConnectionTraffic(List.copyOf(held), SPEC, core);
    OutgoingMessage message = new OutgoingMessage(12);
    for (long s = 0; s < ConnectionTraffic.RING; s++) {
      assertThat(send(traffic, message, s)).isTrue();
    }

    assertThat(send(traffic, message, ConnectionTraffic.RING)).isFalse();
    held.get(0).listener.onConfirm(0, false, SendOutcome.ACCEPTED);
    assertThat(send(traffic, message, ConnectionTraffic.RING)).isTrue();
    assertThat(held.get(0).sequences).hasSize(ConnectionTraffic.RING + 1);
  }

  @Test
  void flushReachesTheConnectionsSentOnSinceTheLastFlushOnly() throws Exception {
    List<RecordingConnection> held = connections(4);
    ConnectionTraffic traffic = new ConnectionTraffic(List.copyOf(held), SPEC, new CoreListener());
    OutgoingMessage message = new OutgoingMessage(12);
    send(traffic, message, 0);
    send(traffic, message, 1);
    traffic.flush();
    send(traffic, message, 2);
    traffic.flush();
    traffic.flush();

    assertThat(held).extracting(c -> c.flushes).containsExactly(1, 1, 1, 0);
  }

  @Test
  void theTrafficIsBlockedWhileAnyConnectionIs() throws Exception {
    List<RecordingConnection> held = connections(2);
    CoreListener core = new CoreListener();
    new ConnectionTraffic(List.copyOf(held), SPEC, core);

    held.get(0).listener.onBlocked("low on memory");
    held.get(1).listener.onBlocked("low on memory");
    held.get(1).listener.onBlocked("low on memory");
    held.get(0).listener.onUnblocked();
    assertThat(core.blocked).isEqualTo(1);
    assertThat(core.unblocked).isZero();
    held.get(1).listener.onUnblocked();
    assertThat(core.unblocked).isEqualTo(1);
  }
}
