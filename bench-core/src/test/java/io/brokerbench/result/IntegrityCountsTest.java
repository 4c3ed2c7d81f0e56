package io.brokerbench.result;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class IntegrityCountsTest {
  private static final IntegrityCounts MISSING_100 = new IntegrityCounts(900, 100, 0, 0, 0, 0);

  @Test
  void missingMessagesTheBrokerStillHoldsAreStillQueuedNotLost() {
    assertThat(MISSING_100.withStillQueued(60))
        .isEqualTo(new IntegrityCounts(900, 40, 0, 0, 0, 0, 60));
  }

  @Test
  void noMoreThanTheMissingMessagesMoveWhenTheQueueHoldsOthersToo() {
    assertThat(MISSING_100.withStillQueued(5_000))
        .isEqualTo(new IntegrityCounts(900, 0, 0, 0, 0, 0, 100));
    // Asked again with another count, the split starts from all missing messages.
    assertThat(MISSING_100.withStillQueued(5_000).withStillQueued(10))
        .isEqualTo(new IntegrityCounts(900, 90, 0, 0, 0, 0, 10));
  }
}
