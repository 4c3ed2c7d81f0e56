package io.brokerbench.coordination;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.rate.ManualNanoClock;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class HeartbeatsTest {
  private static final long SECOND = 1_000_000_000L;

  private final ManualNanoClock clock = new ManualNanoClock(0, 0);
  private final Heartbeats heartbeats = new Heartbeats(clock, Duration.ofSeconds(5));

  @Test
  void aShardSilentForTheBoundIsNamedOnceAndOthersAreNot() {
    heartbeats.heard(0);
    heartbeats.heard(1);
    clock.advance(3 * SECOND);
    heartbeats.heard(1);
    clock.advance(2 * SECOND - 1);
    assertThat(heartbeats.silent()).isEmpty();

    clock.advance(1);

    assertThat(heartbeats.silent()).containsExactly(0);
    assertThat(heartbeats.silent()).as("named once").isEmpty();
    clock.advance(3 * SECOND);
    assertThat(heartbeats.silent()).containsExactly(1);
  }

  @Test
  void aShardForgottenIsNeverNamed() {
    heartbeats.heard(0);
    heartbeats.forget(0);
    clock.advance(60 * SECOND);

    assertThat(heartbeats.silent()).isEmpty();
  }
}
