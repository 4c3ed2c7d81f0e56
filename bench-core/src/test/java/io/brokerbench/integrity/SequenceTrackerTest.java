package io.brokerbench.integrity;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SequenceTrackerTest {
  private final SequenceTracker tracker = new SequenceTracker(false);

  private void receive(long... sequences) {
    for (long s : sequences) {
      tracker.record((int) (s & 0xFF_FFFF), false);
    }
  }

  @Test
  void inOrderDeliveryIsClean() {
    for (int s = 0; s < 1_000; s++) {
      receive(s);
    }

    assertThat(tracker.unique()).isEqualTo(1_000);
    assertThat(tracker.lost(1_000)).isZero();
    assertThat(tracker.duplicates()).isZero();
    assertThat(tracker.outOfOrder()).isZero();
  }

  @Test
  void gapsAndAMissingTailAreLost() {
    receive(0, 1, 2, 5, 6);

    assertThat(tracker.gaps()).isEqualTo(2);
    assertThat(tracker.lost(10)).isEqualTo(5);
    assertThat(tracker.lost(-1)).isEqualTo(2);
  }

  @Test
  void aRepeatIsADuplicateUnlessTheBrokerFlaggedARedelivery() {
    receive(0, 1, 1);
    tracker.record(0, true);

    assertThat(tracker.duplicates()).isEqualTo(1);
    assertThat(tracker.redelivered()).isEqualTo(1);
    assertThat(tracker.unique()).isEqualTo(2);
  }

  @Test
  void aLateMessageIsOutOfOrderAndNotLost() {
    receive(0, 2, 1, 3);

    assertThat(tracker.outOfOrder()).isEqualTo(1);
    assertThat(tracker.lost(4)).isZero();
    assertThat(tracker.gaps()).isZero();
  }

  @Test
  void sequencesBeyondThe24BitsOfTheStampKeepCounting() {
    long count = (1L << 24) + 1_000;
    for (long s = 0; s < count; s++) {
      receive(s);
    }

    assertThat(tracker.highest()).isEqualTo(count - 1);
    assertThat(tracker.unique()).isEqualTo(count);
    assertThat(tracker.lost(count)).isZero();
  }

  @Test
  void aMessageOlderThanTheWindowIsCountedAsLateAndUnique() {
    receive(0, SequenceTracker.WINDOW + 10L, 5);

    assertThat(tracker.beyondWindow()).isEqualTo(1);
    assertThat(tracker.unique()).isEqualTo(3);
  }

  @Test
  void aLargeGapClearsStaleBitsSoLaterNumbersAreNotTakenForDuplicates() {
    receive(0, 1, 2);
    receive(3L * SequenceTracker.WINDOW + 1);
    receive(3L * SequenceTracker.WINDOW);

    assertThat(tracker.duplicates()).isZero();
    assertThat(tracker.outOfOrder()).isEqualTo(1);
  }
}
