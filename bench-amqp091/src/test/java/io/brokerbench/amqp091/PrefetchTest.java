package io.brokerbench.amqp091;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PrefetchTest {

  @Test
  void withoutLimitsTheAcknowledgementBatchIsAsRequested() {
    assertThat(new Prefetch(0, 0).ackEvery(5_000)).isEqualTo(5_000);
  }

  @Test
  void theBatchIsCappedByTheTighterLimit() {
    assertThat(new Prefetch(200, 0).ackEvery(500)).isEqualTo(200);
    assertThat(new Prefetch(0, 50).ackEvery(500)).isEqualTo(50);
    assertThat(new Prefetch(200, 50).ackEvery(500)).isEqualTo(50);
    assertThat(new Prefetch(20, 50).ackEvery(500)).isEqualTo(20);
  }

  @Test
  void aBatchWithinTheLimitsIsKept() {
    assertThat(new Prefetch(200, 1_000).ackEvery(100)).isEqualTo(100);
  }
}
