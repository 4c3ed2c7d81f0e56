package io.brokerbench.amqp10;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.BenchmarkRun;
import io.brokerbench.result.RequestReplyCounts;
import io.brokerbench.result.ResultSchema;
import io.brokerbench.result.RunResult;
import io.brokerbench.spi.Driver;
import io.brokerbench.workload.RequestReply;
import io.brokerbench.workload.Workload;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;

/**
 * Request-reply over AMQP 1.0 on the test broker: requests carry a reply address (a queue per
 * requester) and a correlation id; repliers answer each one. {@link Amqp10EmbeddedRequestReplyIT}
 * has the dynamic receivers RabbitMQ lacks.
 */
class Amqp10RequestReplyIT {
  private static Workload requests() {
    return Workload.builder()
        .producers(2)
        .consumers(2)
        .destination(
            "bb-rpc10-"
                + Long.toString(ThreadLocalRandom.current().nextLong(1L << 40), 36)
                    .toLowerCase(Locale.ROOT))
        .messageBytes(500)
        .rate(1_000)
        // A count, not a duration: a loaded host falls behind the schedule (CI once sent 1,190 of
        // 2,000 in 2 s), and the test is about every request's reply.
        .messagesPerProducer(1_000)
        .duration(null)
        .reportInterval(Duration.ofMillis(500))
        // The run ends when the last reply is in; the timeout only bounds a lost one, never a
        // reply a loaded host made late.
        .requestReply(new RequestReply(true, Duration.ofSeconds(60), Duration.ZERO))
        .build();
  }

  static RunResult run(Map<String, String> options) throws Exception {
    try (Driver driver = new Amqp10DriverProvider().open(options)) {
      try {
        RunResult result = BenchmarkRun.builder(requests()).driver(driver).build().run();
        ResultSchema.assertValid(result);
        return result;
      } finally {
        driver.cleanup();
      }
    }
  }

  @Test
  void everyRequestIsAnsweredThroughAReplyQueue() throws Exception {
    RunResult result = run(TestBroker.options());

    assertThat(result.ending().status()).as(result.ending().error()).isEqualTo("completed");
    RequestReplyCounts counts = result.extras().requestReply();
    assertThat(counts.requests()).isEqualTo(2_000);
    assertThat(counts.replied()).isEqualTo(2_000);
    assertThat(counts.troubled()).isFalse();
    assertThat(result.figures().latency().get("rtt").count()).isEqualTo(2_000);
    assertThat(result.figures().latency().get("rtt").p50Micros())
        .isGreaterThan(result.figures().latency().get("e2e").p50Micros());
    assertThat(result.figures().integrity().lost()).isZero();
  }
}
