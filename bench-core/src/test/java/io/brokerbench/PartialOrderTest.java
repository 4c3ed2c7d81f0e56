package io.brokerbench;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.contract.DelegatingDriver;
import io.brokerbench.loopback.LoopbackDriverProvider;
import io.brokerbench.result.ResultSchema;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.Warning;
import io.brokerbench.spi.DriverException;
import io.brokerbench.workload.Workload;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Out-of-order arrivals at a single consumer are explained when the driver says its broker keeps
 * order only within parts of a destination (RocketMQ's queues), and are news when it does not.
 */
class PartialOrderTest {
  /** A loopback broker that swaps every tenth message with the next, ordered as {@code reason}. */
  private static RunResult reorderedRun(String reason) throws DriverException {
    DelegatingDriver driver =
        new DelegatingDriver(
            new LoopbackDriverProvider().open(Map.of("inline", "true", "reorder-every", "10"))) {
          @Override
          public String outOfOrderReason() {
            return reason;
          }
        };
    RunResult result =
        // Not a multiple of ten: the last message is not held back for one that never comes.
        BenchmarkRun.builder(Workload.builder().messagesPerProducer(999).build())
            .driver(driver)
            .build()
            .run();
    ResultSchema.assertValid(result);
    assertThat(result.figures().integrity().outOfOrder()).isPositive();
    assertThat(result.figures().integrity().lost()).isZero();
    return result;
  }

  @Test
  void aBrokerThatOrdersPerPartSaysWhyOneConsumerSawMessagesOutOfOrder() throws Exception {
    RunResult result = reorderedRun("the broker orders within each queue of a topic");

    assertThat(result.verdict().warnings())
        .filteredOn(w -> w.code().equals(Warning.PARTIAL_ORDER))
        .singleElement()
        .satisfies(
            w ->
                assertThat(w.message())
                    .isEqualTo(
                        result.figures().integrity().outOfOrder()
                            + " message(s) arrived out of order: expected, since the broker"
                            + " orders within each queue of a topic"));
  }

  @Test
  void aBrokerThatKeepsEachProducersOrderLeavesTheCountUnexplained() throws Exception {
    RunResult result = reorderedRun(null);

    assertThat(result.warned(Warning.PARTIAL_ORDER)).isFalse();
    assertThat(result.warned(Warning.COMPETING_CONSUMERS)).isFalse();
  }
}
