package io.brokerbench.internal.events;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.rate.ManualNanoClock;
import io.brokerbench.result.FlowControl;
import java.util.List;
import org.junit.jupiter.api.Test;

class FlowControlLogTest {
  private static final long SECOND = 1_000_000_000L;

  @Test
  void overlappingBlocksOfSeveralProducersAreOnePeriodAndCountOnce() {
    ManualNanoClock clock = new ManualNanoClock(0, 0);
    FlowControlLog log = new FlowControlLog(clock);

    log.blocked(0, "low on memory");
    clock.advance(SECOND);
    log.blocked(1, "low on memory");
    clock.advance(SECOND);
    log.unblocked(0);
    clock.advance(SECOND);
    log.unblocked(1);

    assertThat(log.summary()).isEqualTo(new FlowControl(1, 3.0, false, List.of("low on memory")));
    assertThat(log.takeNotices())
        .containsExactly(
            "BLOCKED: the broker stopped taking messages (low on memory)",
            "UNBLOCKED: the broker takes messages again after 3.0 s");
    assertThat(log.takeNotices()).isEmpty();
  }

  @Test
  void aBlockStillGoingAtTheEndCountsUpToNowAndSaysSo() {
    ManualNanoClock clock = new ManualNanoClock(0, 0);
    FlowControlLog log = new FlowControlLog(clock);
    log.blocked(0, "low on memory");
    clock.advance(2 * SECOND);
    log.unblocked(0);
    log.blocked(0, "low on disk space");
    clock.advance(SECOND / 2);

    FlowControl summary = log.summary();
    assertThat(summary.periods()).isEqualTo(2);
    assertThat(summary.blockedSeconds()).isEqualTo(2.5);
    assertThat(summary.blockedAtEnd()).isTrue();
    assertThat(summary.describe())
        .isEqualTo(
            "the broker blocked publishers 2 time(s), 2.5 s in all (low on disk space; low on"
                + " memory), still blocked at the end");
  }
}
