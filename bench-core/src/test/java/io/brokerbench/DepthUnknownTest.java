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
 * asked how many it still holds (down at the end of the run, or frozen), the result says so beside
 * the loss. {@link io.brokerbench.internal.phase.LossCheckTest} covers the depth query's other
 * answers, a frozen broker's among them.
 */
class DepthUnknownTest {
  /** What the broker answers when asked for a destination's depth. */
  private interface Depth {
    long of(String destination) throws DriverException;
  }

  /** A loopback broker whose consumer drops every tenth delivery: 50 of 500 go missing. */
  private static RunResult runLosingEveryTenth(Depth depth) throws DriverException {
    DelegatingDriver driver =
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
            return depth.of(destination);
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
    assertThat(result.figures().integrity().lost()).isEqualTo(50);
    assertThat(result.warned(Warning.LOSS)).isTrue();
    return result;
  }

  /** The result's one DEPTH_UNKNOWN warning. */
  private static Warning depthUnknown(RunResult result) {
    List<Warning> found =
        result.verdict().warnings().stream()
            .filter(w -> w.code().equals(Warning.DEPTH_UNKNOWN))
            .toList();
    assertThat(found).as("%s", result.verdict().warnings()).hasSize(1);
    return found.get(0);
  }

  @Test
  void aBrokerThatCannotBeAskedForItsDepthLeavesTheLossQualified() throws Exception {
    RunResult result =
        runLosingEveryTenth(
            destination -> {
              throw new DriverException("connection refused");
            });

    assertThat(depthUnknown(result).message())
        .startsWith("DEPTH_UNKNOWN: the 50 message(s) counted as lost may still be")
        .endsWith("failed (connection refused)");
    // A merge of shards keeps it: the merged loss may be the broker's backlog too.
    assertThat(depthUnknown(ResultMerge.of(List.of(result))).message())
        .startsWith("DEPTH_UNKNOWN: in a shard, the 50");
  }
}
