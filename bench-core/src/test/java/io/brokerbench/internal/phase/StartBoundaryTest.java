package io.brokerbench.internal.phase;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.internal.RunControl;
import io.brokerbench.rate.ManualNanoClock;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class StartBoundaryTest {
  private static final long MS = 1_000_000;
  private static final long SECOND = 1_000 * MS;
  // The clock reads 5 s while the epoch says 1,700,000,000.3 s: the next second is 0.7 s away.
  private static final long EPOCH_AT_ZERO = 1_700_000_000L * SECOND + 300 * MS - 5 * SECOND;

  private final ManualNanoClock clock = new ManualNanoClock(5 * SECOND, EPOCH_AT_ZERO);
  private final RunControl control = new RunControl();

  @Test
  void measuringStartsAtTheNextWholeIntervalSinceTheEpochAfterWaitingForIt() {
    long start = StartBoundary.await(clock, control, SECOND, null);

    assertThat(start).isEqualTo(5 * SECOND + 700 * MS);
    assertThat(clock.nanoTime()).isEqualTo(start);
    assertThat((start + clock.epochOffsetNanos()) % SECOND).isZero();
  }

  @Test
  void anIntervalOfHalfASecondStartsAtTheNextHalfSecond() {
    assertThat(StartBoundary.await(clock, control, 500 * MS, null))
        .isEqualTo(5 * SECOND + 200 * MS);
  }

  @Test
  void anAgreedStartIsTheBoundaryAtOrAfterIt() {
    Instant agreed = Instant.ofEpochSecond(1_700_000_003L, 0);

    long start = StartBoundary.await(clock, control, SECOND, agreed);

    assertThat(start + clock.epochOffsetNanos()).isEqualTo(1_700_000_003L * SECOND);
  }

  @Test
  void anAgreedStartAlreadyPassedIsTheNextBoundaryFromNow() {
    Instant past = Instant.ofEpochSecond(1_699_999_990L, 0);

    assertThat(StartBoundary.await(clock, control, SECOND, past)).isEqualTo(5 * SECOND + 700 * MS);
  }

  @Test
  void anInterruptedRunDoesNotWait() {
    control.interrupt(clock.nanoTime());

    long start = StartBoundary.await(clock, control, SECOND, Instant.ofEpochSecond(1_700_003_600L));

    assertThat(clock.nanoTime()).isEqualTo(5 * SECOND);
    assertThat(start + clock.epochOffsetNanos()).isEqualTo(1_700_003_600L * SECOND);
  }
}
