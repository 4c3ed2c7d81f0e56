package io.brokerbench.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.rate.ManualNanoClock;
import org.junit.jupiter.api.Test;

class BackoffTest {
  private static final long MS = 1_000_000;
  private final ManualNanoClock clock = new ManualNanoClock(5_000 * MS, 0);
  private final Backoff backoff = new Backoff(clock);

  @Test
  void theFirstAttemptIsAtOnceThenWaitsDoubleFrom100MsTo2s() {
    assertThat(backoff.lost()).isEqualTo(5_000 * MS);
    assertThat(backoff.firstWaitNanos()).isZero();
    long[] waits = new long[7];
    for (int i = 0; i < waits.length; i++) {
      waits[i] = backoff.nextWaitNanos();
    }
    assertThat(waits)
        .containsExactly(
            100 * MS, 200 * MS, 400 * MS, 800 * MS, 1_600 * MS, 2_000 * MS, 2_000 * MS);
  }

  @Test
  void aLossSoonAfterReconnectingGoesOnBackingOff() {
    backoff.lost();
    backoff.nextWaitNanos();
    backoff.nextWaitNanos();
    clock.advance(300 * MS);
    assertThat(backoff.reconnected()).isEqualTo(5_300 * MS);

    clock.advance(999 * MS);
    backoff.lost();

    // Reconnected at a wait of 400 ms: the next loss starts at twice that, and waits first.
    assertThat(backoff.firstWaitNanos()).isEqualTo(800 * MS);
    assertThat(backoff.nextWaitNanos()).isEqualTo(800 * MS);
    assertThat(backoff.nextWaitNanos()).isEqualTo(1_600 * MS);
  }

  @Test
  void aLossAfterASecondConnectedStartsAfresh() {
    backoff.lost();
    backoff.nextWaitNanos();
    backoff.nextWaitNanos();
    backoff.reconnected();

    clock.advance(1_000 * MS);
    backoff.lost();

    assertThat(backoff.firstWaitNanos()).isZero();
    assertThat(backoff.nextWaitNanos()).isEqualTo(100 * MS);
  }

  @Test
  void flappingWaitsStopGrowingAt2s() {
    for (int i = 0; i < 6; i++) {
      backoff.lost();
      backoff.reconnected();
      clock.advance(10 * MS);
    }
    backoff.lost();

    assertThat(backoff.firstWaitNanos()).isEqualTo(2_000 * MS);
  }
}
