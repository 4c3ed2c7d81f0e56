package io.brokerbench;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.result.RunResult;
import io.brokerbench.threshold.Threshold;
import io.brokerbench.workload.Workload;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The embedding example of docs/embedding.md, compiled and run: keep the two identical. */
class EmbeddingExampleTest {
  @Test
  void brokerKeepsUpWithTwoThousandMessagesPerSecond() throws Exception {
    Workload workload =
        Workload.builder()
            .producers(1)
            .consumers(1)
            .destination("orders")
            .messageBytes(256)
            .rate(2_000)
            .duration(Duration.ofSeconds(2))
            .inFlightWindow(100)
            .build();

    RunResult result =
        BenchmarkRun.builder(workload)
            .driver("loopback", Map.of()) // or "amqp091", Map.of("uri", "amqp://127.0.0.1:5672")
            .threshold(Threshold.parse("e2e.p99 < 5s"))
            .build()
            .run();
    assertThat(result.figures().integrity().lost()).isZero();

    assertThat(result.thresholdsPassed()).as(result.verdict().thresholds().toString()).isTrue();
    // How close the rate came to 2,000 msg/s is the machine's speed: a benchmark's question.
    assertThat(result.ending().status()).isEqualTo(RunResult.COMPLETED);
  }
}
