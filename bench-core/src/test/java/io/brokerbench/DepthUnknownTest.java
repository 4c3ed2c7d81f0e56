package io.brokerbench;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.contract.DelegatingDriver;
import io.brokerbench.loopback.LoopbackDriver;
import io.brokerbench.loopback.LoopbackOptions;
import io.brokerbench.rate.NanoClock;
import io.brokerbench.result.ResultMerge;
import io.brokerbench.result.ResultSchema;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.Warning;
import io.brokerbench.spi.Consumer;
import io.brokerbench.spi.ConsumerSpec;
import io.brokerbench.spi.DeliveryListener;
import io.brokerbench.spi.DriverException;
import io.brokerbench.workload.Workload;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Messages missing at the end are lost only as far as anyone can tell: when the broker cannot be
 * asked how many it still holds (down at the end of the run), the result says so beside the loss.
 */
class DepthUnknownTest {
  @Test
  void aBrokerThatCannotBeAskedForItsDepthLeavesTheLossQualified() throws Exception {
    // The consumer drops every tenth delivery; the broker cannot be asked for its depth.
    DelegatingDriver unreachable =
        new DelegatingDriver(new LoopbackDriver(LoopbackOptions.DEFAULTS, NanoClock.system())) {
          @Override
          public Consumer createConsumer(ConsumerSpec spec, DeliveryListener listener)
              throws DriverException {
            return delegate.createConsumer(
                spec,
                new DeliveryListener() {
                  private int delivered;

                  @Override
                  public void onDelivery(
                      byte[] stamp, int offset, boolean redelivered, long brokerTimestampMillis) {
                    if (++delivered % 10 != 0) {
                      listener.onDelivery(stamp, offset, redelivered, brokerTimestampMillis);
                    }
                  }

                  @Override
                  public void onFailure(DriverException failure) {
                    listener.onFailure(failure);
                  }
                });
          }

          @Override
          public long messagesWaiting(String destination) throws DriverException {
            throw new DriverException("connection refused");
          }
        };
    Workload workload =
        Workload.builder()
            .rate(1_000)
            .messagesPerProducer(500)
            .drainTimeout(Duration.ofMillis(200))
            .build();

    RunResult result = BenchmarkRun.builder(workload).driver(unreachable).build().run();

    ResultSchema.assertValid(result);
    assertThat(result.integrity().lost()).isEqualTo(50);
    assertThat(result.warned(Warning.LOSS)).isTrue();
    assertThat(result.warnings())
        .filteredOn(w -> w.code().equals(Warning.DEPTH_UNKNOWN))
        .singleElement()
        .satisfies(
            w ->
                assertThat(w.message())
                    .startsWith("DEPTH_UNKNOWN: the 50 message(s) counted as lost may still be")
                    .endsWith("failed (connection refused)"));
    // A merge of shards keeps it: the merged loss may be the broker's backlog too.
    assertThat(ResultMerge.of(List.of(result)).warnings())
        .filteredOn(w -> w.code().equals(Warning.DEPTH_UNKNOWN))
        .singleElement()
        .satisfies(w -> assertThat(w.message()).startsWith("DEPTH_UNKNOWN: in a shard, the 50"));
  }
}
