package io.brokerbench;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.contract.DelegatingDriver;
import io.brokerbench.latency.PayloadStamp;
import io.brokerbench.loopback.LoopbackDriver;
import io.brokerbench.loopback.LoopbackOptions;
import io.brokerbench.rate.NanoClock;
import io.brokerbench.result.ResultSchema;
import io.brokerbench.result.RunResult;
import io.brokerbench.spi.Consumer;
import io.brokerbench.spi.ConsumerSpec;
import io.brokerbench.spi.DeliveryListener;
import io.brokerbench.spi.DriverException;
import io.brokerbench.workload.Workload;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A consumer still subscribed after the drain receives what the broker had on the way to it, and
 * the driver acknowledges that when it closes (AMQP 0.9.1 acknowledges up to the last delivery once
 * its cancel is answered): the consumers close before the run's figures are taken, so those
 * messages are counted, not lost. CI's four shard processes on one queue lost 171 to 819 messages
 * so: every shard's consumer went on receiving another shard's late messages after its own figures
 * were taken.
 */
class DeliveryAtCloseTest {
  private static final int HELD = 10;

  @Test
  void messagesDeliveredWhileTheConsumerClosesAreCountedNotLost() throws Exception {
    // The loopback consumer holds back the last ten deliveries until it is closed, as a client
    // whose deliveries are still on the way when the drain gives up on them.
    DelegatingDriver driver =
        new DelegatingDriver(new LoopbackDriver(LoopbackOptions.DEFAULTS, NanoClock.system())) {
          @Override
          public Consumer createConsumer(ConsumerSpec spec, DeliveryListener listener)
              throws DriverException {
            List<byte[]> held = new ArrayList<>();
            Consumer consumer =
                delegate.createConsumer(
                    spec,
                    new DeliveryListener() {
                      private int delivered;

                      @Override
                      public void onDelivery(
                          byte[] stamp, int offset, boolean redelivered, long brokerMillis) {
                        if (++delivered <= 500 - HELD) {
                          listener.onDelivery(stamp, offset, redelivered, brokerMillis);
                          return;
                        }
                        synchronized (held) {
                          held.add(Arrays.copyOfRange(stamp, offset, offset + PayloadStamp.BYTES));
                        }
                      }

                      @Override
                      public void onFailure(DriverException failure) {
                        listener.onFailure(failure);
                      }
                    });
            return () -> {
              synchronized (held) {
                for (byte[] stamp : held) {
                  listener.onDelivery(stamp, 0, false, DeliveryListener.NO_TIMESTAMP);
                }
                held.clear();
              }
              consumer.close();
            };
          }
        };
    Workload workload =
        Workload.builder()
            .rate(1_000)
            .messagesPerProducer(500)
            .drainTimeout(Duration.ofMillis(200))
            .build();

    RunResult result = BenchmarkRun.builder(workload).driver(driver).build().run();

    ResultSchema.assertValid(result);
    assertThat(result.figures().totals().counts().received()).isEqualTo(500);
    assertThat(result.figures().integrity().unique()).isEqualTo(500);
    assertThat(result.figures().integrity().lost()).isZero();
    assertThat(result.figures().latency().get("e2e").count()).isEqualTo(500);
  }
}
