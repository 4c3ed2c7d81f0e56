package io.brokerbench;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.contract.StallingConsumers;
import io.brokerbench.loopback.LoopbackDriver;
import io.brokerbench.loopback.LoopbackOptions;
import io.brokerbench.rate.NanoClock;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.Warning;
import io.brokerbench.workload.Workload;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/**
 * A run whose consumers fall behind its producers warns that its latencies are a growing queue's;
 * one whose consumers keep up does not.
 */
class QueueGrewTest {

  private static Workload.Builder fiveThousand() {
    return Workload.builder()
        .rate(10_000)
        .messagesPerProducer(5_000)
        .duration(null)
        .drainTimeout(Duration.ofMillis(300));
  }

  @Test
  void consumersThatStallWhileTheProducerSendsAreAGrowingQueue() throws Exception {
    CountDownLatch runEnded = new CountDownLatch(1);
    RunResult result;
    try {
      result =
          BenchmarkRun.builder(fiveThousand().build())
              .driver(
                  new StallingConsumers(
                      new LoopbackDriver(LoopbackOptions.DEFAULTS, NanoClock.system()),
                      1_000,
                      runEnded,
                      Duration.ofSeconds(5)))
              .build()
              .run();
    } finally {
      runEnded.countDown();
    }

    assertThat(result.verdict().warnings())
        .filteredOn(w -> w.code().equals(Warning.QUEUE_GREW))
        .singleElement()
        .satisfies(w -> assertThat(w.message()).contains("message(s) behind while the producers"));
  }

  @Test
  void consumersThatKeepUpAreNoGrowingQueue() throws Exception {
    RunResult result =
        BenchmarkRun.builder(fiveThousand().build())
            .driver(new LoopbackDriver(LoopbackOptions.DEFAULTS, NanoClock.system()))
            .build()
            .run();

    assertThat(result.figures().integrity().unique()).isEqualTo(5_000);
    assertThat(result.warned(Warning.QUEUE_GREW)).isFalse();
  }
}
