package io.brokerbench;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.contract.DelegatingDriver;
import io.brokerbench.loopback.LoopbackDriver;
import io.brokerbench.loopback.LoopbackOptions;
import io.brokerbench.rate.NanoClock;
import io.brokerbench.result.RunResult;
import io.brokerbench.spi.Consumer;
import io.brokerbench.spi.ConsumerSpec;
import io.brokerbench.spi.DeliveryListener;
import io.brokerbench.spi.DriverException;
import io.brokerbench.workload.Workload;
import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

/**
 * After the producers stop, a backlog the consumer works through is received, not counted as lost,
 * however longer than the drain timeout it takes, as long as messages keep arriving.
 */
class DrainTest {
  @Test
  void aBacklogDrainingSlowerThanTheDrainTimeoutIsReceivedNotLost() throws Exception {
    // 3,000 messages sent in 0.15 s; the consumer takes about 0.4 ms each (about 1.2 s in all),
    // four times the drain timeout.
    Workload workload =
        Workload.builder()
            .rate(20_000)
            .messagesPerProducer(3_000)
            .duration(null)
            .inFlightWindow(0)
            .drainTimeout(Duration.ofMillis(300))
            .build();
    DelegatingDriver slowConsumer =
        new DelegatingDriver(new LoopbackDriver(LoopbackOptions.DEFAULTS, NanoClock.system())) {
          @Override
          public Consumer createConsumer(ConsumerSpec spec, DeliveryListener listener)
              throws DriverException {
            return delegate.createConsumer(
                spec,
                new DeliveryListener() {
                  @Override
                  public void onDelivery(
                      byte[] stamp, int offset, boolean redelivered, long brokerTimestampMillis) {
                    LockSupport.parkNanos(400_000);
                    listener.onDelivery(stamp, offset, redelivered, brokerTimestampMillis);
                  }

                  @Override
                  public void onFailure(DriverException failure) {
                    listener.onFailure(failure);
                  }
                });
          }
        };

    RunResult result = BenchmarkRun.builder(workload).driver(slowConsumer).build().run();

    assertThat(result.figures().totals().counts().received()).isEqualTo(3_000);
    assertThat(result.figures().integrity().lost()).isZero();
    assertThat(result.figures().totals().receiveSeconds()).isGreaterThan(0.6);
  }
}
