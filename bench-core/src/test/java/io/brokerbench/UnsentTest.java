package io.brokerbench;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.contract.DelegatingDriver;
import io.brokerbench.loopback.LoopbackDriver;
import io.brokerbench.loopback.LoopbackOptions;
import io.brokerbench.rate.NanoClock;
import io.brokerbench.result.LatencySummary;
import io.brokerbench.result.ResultSchema;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.Warning;
import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.OutgoingMessage;
import io.brokerbench.spi.Producer;
import io.brokerbench.spi.ProducerSpec;
import io.brokerbench.spi.SendListener;
import io.brokerbench.workload.Workload;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Every send the open-loop schedule intended is accounted for: one that never left (the broker
 * stopped taking messages) is counted as unsent, with how late it was when the run ended.
 */
class UnsentTest {
  @Test
  void sendsABrokerNoLongerTakesAreUnsentWithTheirLateness() throws Exception {
    // 1,000 msg/s for 1 s; the broker takes the first 200 messages and then no more.
    DelegatingDriver stopsTaking =
        new DelegatingDriver(new LoopbackDriver(LoopbackOptions.DEFAULTS, NanoClock.system())) {
          @Override
          public Producer createProducer(ProducerSpec spec, SendListener listener)
              throws DriverException {
            Producer producer = delegate.createProducer(spec, listener);
            return new Producer() {
              private int taken;

              @Override
              public boolean trySend(OutgoingMessage message) throws DriverException {
                return taken < 200 && producer.trySend(message) && ++taken > 0;
              }

              @Override
              public void close() throws DriverException {
                producer.close();
              }
            };
          }
        };
    Workload workload =
        Workload.builder()
            .rate(1_000)
            .duration(Duration.ofSeconds(1))
            .reportInterval(Duration.ofMillis(500))
            .drainTimeout(Duration.ofMillis(200))
            .build();

    RunResult result = BenchmarkRun.builder(workload).driver(stopsTaking).build().run();

    ResultSchema.assertValid(result);
    assertThat(result.figures().totals().counts().sent()).isEqualTo(200);
    LatencySummary unsent = result.figures().latency().get("unsent");
    assertThat(unsent.count()).isEqualTo(800);
    // The first unsent message was due at 0.2 s: 0.8 s late at the end; the last one just due.
    assertThat(unsent.maxMicros()).isBetween(750_000.0, 850_000.0);
    assertThat(unsent.minMicros()).isLessThan(10_000.0);
    assertThat(result.warned(Warning.UNSENT)).isTrue();
    assertThat(result.figures().integrity().lost()).isZero();
  }

  @Test
  void aRunThatKeepsUpHasNothingUnsent() throws Exception {
    RunResult result =
        BenchmarkRun.builder(
                Workload.builder()
                    .rate(1_000)
                    .duration(Duration.ofSeconds(1))
                    .reportInterval(Duration.ofMillis(500))
                    .build())
            .driver("loopback")
            .build()
            .run();

    assertThat(result.figures().totals().counts().sent()).isEqualTo(1_000);
    assertThat(result.figures().latency()).doesNotContainKey("unsent");
    assertThat(result.warned(Warning.UNSENT)).isFalse();
  }
}
