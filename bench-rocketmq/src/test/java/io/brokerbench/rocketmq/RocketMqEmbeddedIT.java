package io.brokerbench.rocketmq;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.BenchmarkRun;
import io.brokerbench.result.RunResult;
import io.brokerbench.workload.Workload;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The driver's default without a name server: it starts its own name server and broker, labels the
 * run as embedded, and survives that broker stopping in the middle of a run.
 */
class RocketMqEmbeddedIT {

  @Test
  @Timeout(value = 120, unit = TimeUnit.SECONDS)
  void embeddedBrokerRunsThenAStoppedBrokerEndsTheRunWithoutHanging() throws Exception {
    RocketMqDriver driver = (RocketMqDriver) new RocketMqDriverProvider().open(Map.of());
    try {
      assertThat(driver.description().embedded()).isTrue();
      assertThat(driver.description().target()).contains("embedded");

      RunResult smoke =
          BenchmarkRun.builder(
                  Workload.builder()
                      .destination("bb-embedded")
                      .messageBytes(128)
                      .messagesPerProducer(1_000)
                      .inFlightWindow(32)
                      .drainTimeout(Duration.ofSeconds(20))
                      .build())
              .driver(driver)
              .build()
              .run();
      assertThat(smoke.setup().environment().embedded()).isTrue();
      assertThat(smoke.figures().totals().counts().received()).isEqualTo(1_000);

      long start = System.nanoTime();
      RunResult stopped =
          BrokerStopDuringRun.run(
              driver,
              Workload.builder()
                  .destination("bb-embedded-stop")
                  .messageBytes(128)
                  .rate(500)
                  .duration(Duration.ofSeconds(6))
                  .inFlightWindow(32)
                  .drainTimeout(Duration.ofSeconds(10))
                  .build());

      assertThat((System.nanoTime() - start) / 1e9).isLessThan(60.0);
      assertThat(stopped.figures().totals().counts().sent()).isPositive();
      assertThat(
              stopped.figures().totals().counts().notAccepted().failed()
                  + stopped.figures().totals().counts().unconfirmed())
          .isPositive();
    } finally {
      driver.close();
    }
  }
}
