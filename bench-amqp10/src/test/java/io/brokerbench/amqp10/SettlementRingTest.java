package io.brokerbench.amqp10;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.contract.TestListeners;
import io.brokerbench.spi.SendListener;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import org.apache.qpid.protonj2.client.DeliveryState;
import org.apache.qpid.protonj2.client.Tracker;
import org.junit.jupiter.api.Test;

class SettlementRingTest {
  private final List<String> confirms = new ArrayList<>();
  private final SendListener listener =
      TestListeners.onConfirm(
          (sequence, multiple, outcome) -> confirms.add(sequence + ":" + outcome));

  /** A tracker settled (or not) with a state, standing in for protonj2's. */
  private static final class FakeTracker {
    volatile boolean settled;
    volatile DeliveryState state;

    Tracker tracker() {
      return (Tracker)
          Proxy.newProxyInstance(
              Tracker.class.getClassLoader(),
              new Class<?>[] {Tracker.class},
              (proxy, method, args) ->
                  switch (method.getName()) {
                    case "remoteSettled" -> settled;
                    case "remoteState" -> state;
                    default -> throw new UnsupportedOperationException(method.getName());
                  });
    }

    void settle(DeliveryState outcome) {
      state = outcome;
      settled = true;
    }
  }

  @Test
  void confirmsInOrderAndMapsOutcomes() {
    SettlementRing<Tracker> ring = new SettlementRing<>(4, SettlementRing.TRACKERS);
    FakeTracker[] trackers = new FakeTracker[4];
    for (int i = 0; i < 4; i++) {
      trackers[i] = new FakeTracker();
      ring.add(i, trackers[i].tracker());
    }
    trackers[1].settle(DeliveryState.rejected("amqp:internal-error", "x"));
    assertThat(ring.reportSettled(listener)).isZero();

    trackers[0].settle(DeliveryState.accepted());
    trackers[2].settle(DeliveryState.released());
    trackers[3].settle(DeliveryState.modified(true, false));

    assertThat(ring.reportSettled(listener)).isEqualTo(4);
    assertThat(confirms).containsExactly("0:ACCEPTED", "1:REJECTED", "2:RELEASED", "3:MODIFIED");
    assertThat(ring.oldest()).isNull();
  }

  @Test
  void reusesSlotsBeyondTheWindowSize() {
    SettlementRing<Tracker> ring = new SettlementRing<>(3, SettlementRing.TRACKERS);
    for (int i = 0; i < 1_000; i++) {
      FakeTracker t = new FakeTracker();
      ring.add(i, t.tracker());
      t.settle(null);
      if (i % 3 == 2) {
        ring.reportSettled(listener);
      }
    }
    ring.reportSettled(listener);

    assertThat(confirms).hasSize(1_000).endsWith("999:ACCEPTED");
  }

  @Test
  void aProducerOpenedAgainAfterALossSettlesFromWhereTheRunsSequenceIs() {
    SettlementRing<Tracker> ring = new SettlementRing<>(4, SettlementRing.TRACKERS);
    FakeTracker first = new FakeTracker();
    FakeTracker second = new FakeTracker();
    ring.add(3393, first.tracker());
    ring.add(3394, second.tracker());
    first.settle(DeliveryState.accepted());
    second.settle(DeliveryState.accepted());

    assertThat(ring.reportSettled(listener)).isEqualTo(2);
    assertThat(confirms).containsExactly("3393:ACCEPTED", "3394:ACCEPTED");
  }
}
