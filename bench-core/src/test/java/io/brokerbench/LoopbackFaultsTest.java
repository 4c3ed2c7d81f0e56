package io.brokerbench;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.loopback.LoopbackDriver;
import io.brokerbench.loopback.LoopbackOptions;
import io.brokerbench.rate.ManualNanoClock;
import io.brokerbench.rate.NanoClock;
import io.brokerbench.rate.ThreadLocalManualClock;
import io.brokerbench.result.MessageCounts;
import io.brokerbench.result.ResultSchema;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.Warning;
import io.brokerbench.workload.ConnectionLossPolicy;
import io.brokerbench.workload.Workload;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * The broker faults of the loopback driver — refused messages, a broker killed and down for a while
 * — against a manual clock: each run takes milliseconds, and what the run says about them (counts,
 * status, warnings, the outage) is exact.
 */
class LoopbackFaultsTest {
  private static final int MESSAGES = 4_000;
  private static final long MS = 1_000_000L;

  private static Workload.Builder workload() {
    return Workload.builder()
        .rate(1_000)
        .messagesPerProducer(MESSAGES)
        .duration(null)
        .inFlightWindow(100)
        .drainTimeout(Duration.ofSeconds(5));
  }

  /** A run on one manual clock, delivering on the loopback's own thread. */
  private static RunResult run(Workload workload, String... faults) throws Exception {
    return run(workload, new ManualNanoClock(0, 0), faults);
  }

  private static RunResult run(Workload workload, NanoClock clock, String... faults)
      throws Exception {
    Map<String, String> options = new HashMap<>();
    for (int i = 0; i < faults.length; i += 2) {
      options.put(faults[i], faults[i + 1]);
    }
    return BenchmarkRun.builder(workload)
        .driver(new LoopbackDriver(LoopbackOptions.parse(options), clock))
        .clock(clock)
        .build()
        .run();
  }

  @Test
  void refusedMessagesAreCountedAsRejectedNeverAsLost() throws Exception {
    RunResult result = run(workload().build(), "refuse-every", "10");

    MessageCounts c = result.figures().totals().counts();
    assertThat(result.ending().status()).isEqualTo(RunResult.COMPLETED);
    assertThat(c.sent()).isEqualTo(MESSAGES);
    assertThat(c.notAccepted().rejected()).isEqualTo(MESSAGES / 10);
    assertThat(c.confirmed()).isEqualTo(MESSAGES - MESSAGES / 10);
    assertThat(c.confirmed() + c.notAccepted().total() + c.unconfirmed()).isEqualTo(c.sent());
    assertThat(result.figures().integrity().unique()).isEqualTo(MESSAGES - MESSAGES / 10);
    assertThat(result.figures().integrity().lost()).isZero();
    assertThat(result.warned(Warning.NOT_ACCEPTED)).isTrue();
    ResultSchema.assertValid(result);
  }

  /**
   * A freeze stops the whole broker, not the producer that met it: every send due during it, from
   * either producer, waits for its end. Those due in its first half (100 ms of 2 producers at 1,000
   * msg/s each) are late by more than half of it; had one producer been held, half as many would
   * be.
   */
  @Test
  void aFreezeHoldsEveryProducersSendsForItsLength() throws Exception {
    // A clock per thread, delivering on the producer's: each producer's latencies depend on its own
    // schedule and the freeze only, however the threads interleave.
    RunResult result =
        run(
            workload().producers(2).rate(2_000).build(),
            new ThreadLocalManualClock(0, 0),
            "inline",
            "true",
            "freeze-at-ms",
            "1000",
            "freeze-ms",
            "200");

    assertThat(result.ending().status()).isEqualTo(RunResult.COMPLETED);
    assertThat(result.figures().totals().counts().sent()).isEqualTo(2 * MESSAGES);
    assertThat(result.figures().integrity().clean()).isTrue();
    Histogram e2e = result.figures().latency().get("e2e").decodedHistogram();
    assertThat(e2e.getMaxValue() / 1e6).isBetween(199.0, 201.0);
    long lateByHalf = e2e.getCountBetweenValues(100 * MS, e2e.getMaxValue());
    assertThat(lateByHalf).isBetween(195L, 205L);
  }

  @Test
  void byDefaultAKilledBrokerFailsTheRunWithItsErrorAndTheCountsSoFar() throws Exception {
    RunResult result = run(workload().build(), "kill-after", "1000", "down-ms", "300");

    assertThat(result.ending().status()).isEqualTo(RunResult.FAILED);
    assertThat(result.ending().error()).contains("the loopback broker was killed");
    MessageCounts c = result.figures().totals().counts();
    assertThat(c.sent()).isEqualTo(1_000);
    assertThat(c.confirmed() + c.notAccepted().total() + c.unconfirmed()).isEqualTo(c.sent());
    // A failed run does not ask the broker its depth: a confirmed message not received by the
    // failure is counted as lost, as with a real broker that died holding it.
    assertThat(result.figures().integrity().unique() + result.figures().integrity().lost())
        .isEqualTo(c.confirmed());
    assertThat(result.extras().connectionLosses().happened()).isFalse();
    ResultSchema.assertValid(result);
  }

  @Test
  void withReconnectAKilledBrokerIsRiddenThroughAndTheOutageCounted() throws Exception {
    RunResult result =
        run(
            workload().connectionLoss(ConnectionLossPolicy.RECONNECT).build(),
            "kill-after",
            "1000",
            "down-ms",
            "300");

    assertThat(result.ending().status()).isEqualTo(RunResult.COMPLETED);
    // The producer and the consumer each lost their connection once and got it back.
    assertThat(result.extras().connectionLosses().losses()).isEqualTo(2);
    assertThat(result.extras().connectionLosses().reconnects()).isEqualTo(2);
    assertThat(result.extras().connectionLosses().lostAtEnd()).isFalse();
    assertThat(result.extras().connectionLosses().reasons()).allMatch(r -> r.contains("killed"));
    assertThat(result.extras().connectionLosses().outageSeconds()).isGreaterThanOrEqualTo(0.3);
    assertThat(result.warned(Warning.CONNECTION_LOSS)).isTrue();
    // Every intended send left, the ones due while the broker was down late by the outage; the
    // queue outlived the broker, so nothing is lost.
    MessageCounts c = result.figures().totals().counts();
    assertThat(c.sent()).isEqualTo(MESSAGES);
    assertThat(result.figures().integrity().unique()).isEqualTo(MESSAGES);
    assertThat(result.figures().integrity().lost()).isZero();
    assertThat(result.figures().integrity().duplicates()).isZero();
    assertThat(result.figures().latency().get("e2e").maxMicros()).isGreaterThanOrEqualTo(300_000.0);
    ResultSchema.assertValid(result);
  }
}
