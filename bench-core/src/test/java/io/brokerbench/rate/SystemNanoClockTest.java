package io.brokerbench.rate;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;

class SystemNanoClockTest {
  @Test
  void theOffsetComesFromTheReadingWithTheNarrowestBracket() {
    // Reading 1: preempted for 5 ms between its nanoTime reads; reading 2: 2 us apart.
    Iterator<Long> nanos = List.of(1_000L, 5_001_000L, 10_000_000L, 10_002_000L).iterator();
    Iterator<Instant> wall =
        List.of(Instant.ofEpochSecond(100, 4_000_000), Instant.ofEpochSecond(100, 9_001_000))
            .iterator();

    long offset = SystemNanoClock.epochOffset(nanos::next, wall::next, 2);

    // The second reading: 100 s + 9.001 ms, taken at nanoTime 10.001 ms.
    assertThat(offset).isEqualTo(100_000_000_000L + 9_001_000L - 10_001_000L);
  }

  @Test
  void theSystemClocksOffsetPutsNowAtTheWallClocksTime() {
    NanoClock clock = SystemNanoClock.INSTANCE;
    long epochNow = clock.nanoTime() + clock.epochOffsetNanos();
    Instant wall = Instant.now();
    long wallNanos = wall.getEpochSecond() * 1_000_000_000L + wall.getNano();

    // Both clocks read the same instant within a generous bound (a loaded machine).
    assertThat(Math.abs(wallNanos - epochNow)).isLessThan(1_000_000_000L);
  }
}
