package io.brokerbench.internal.events;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.rate.ManualNanoClock;
import io.brokerbench.result.ConnectionLosses;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConnectionLossLogTest {
  private static final long SECOND = 1_000_000_000L;

  @Test
  void overlappingOutagesOfSeveralClientsCountEachLossButTheTimeOnce() {
    ManualNanoClock clock = new ManualNanoClock(0, 0);
    ConnectionLossLog log = new ConnectionLossLog(clock);

    log.lost("producer 0", "connection reset", 5);
    clock.advance(SECOND);
    log.lost("consumer 0", "connection reset", 0);
    log.lost("consumer 0", "connection reset", 0);
    clock.advance(SECOND);
    log.reconnected("producer 0", 4, 2 * SECOND);
    clock.advance(SECOND);
    log.reconnected("consumer 0", 3, 2 * SECOND);

    assertThat(log.summary())
        .isEqualTo(new ConnectionLosses(2, 2, 3.0, false, 5, List.of("connection reset")));
    assertThat(log.takeNotices())
        .containsExactly(
            "CONNECTION LOST: producer 0: connection reset; reconnecting",
            "CONNECTION LOST: consumer 0: connection reset; reconnecting",
            "RECONNECTED: producer 0 after 2.0 s (4 attempt(s))",
            "RECONNECTED: consumer 0 after 2.0 s (3 attempt(s))");
    assertThat(log.takeNotices()).isEmpty();
  }

  @Test
  void anOutageStillGoingAtTheEndCountsUpToNow() {
    ManualNanoClock clock = new ManualNanoClock(0, 0);
    ConnectionLossLog log = new ConnectionLossLog(clock);
    log.lost("producer 0", "broker stopped", 1);
    clock.advance(SECOND / 2);

    ConnectionLosses summary = log.summary();
    assertThat(summary.lostAtEnd()).isTrue();
    assertThat(summary.outageSeconds()).isEqualTo(0.5);
    assertThat(summary.reconnects()).isZero();
  }
}
