package io.brokerbench.amqp091;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.brokerbench.BenchmarkRun;
import io.brokerbench.result.RequestReplyCounts;
import io.brokerbench.result.ResultSchema;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.Warning;
import io.brokerbench.spi.Driver;
import io.brokerbench.spi.DriverException;
import io.brokerbench.workload.RequestReply;
import io.brokerbench.workload.Workload;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Request-reply against RabbitMQ: requests with a reply address (direct reply-to, or a queue per
 * requester) answered by repliers, round trips measured, late replies counted.
 */
class Amqp091RequestReplyIT {
  private static String queue() {
    return "bb-rpc-"
        + Long.toString(ThreadLocalRandom.current().nextLong(1L << 40), 36)
            .toLowerCase(Locale.ROOT);
  }

  private static Workload.Builder requests(Duration timeout, Duration replierDelay) {
    return Workload.builder()
        .producers(2)
        .consumers(2)
        .destination(queue())
        .messageBytes(500)
        .rate(1_000)
        // A count, not a duration: a loaded host falls behind the schedule (CI once sent 1,190 of
        // 2,000 in 2 s), and the test is about every request's reply.
        .messagesPerProducer(1_000)
        .duration(null)
        .reportInterval(Duration.ofMillis(500))
        .requestReply(new RequestReply(true, timeout, replierDelay));
  }

  private static RunResult run(Workload workload, Map<String, String> options) throws Exception {
    try (Driver driver = new Amqp091DriverProvider().open(options)) {
      try {
        return BenchmarkRun.builder(workload).driver(driver).build().run();
      } finally {
        driver.cleanup();
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"direct", "queue"})
  void everyRequestIsAnsweredWithItsRoundTrip(String replyTo) throws Exception {
    TestBroker.require();
    RunResult result =
        run(
            // The timeout only bounds a lost reply, never one a loaded host made late.
            requests(Duration.ofSeconds(60), Duration.ZERO).build(),
            Map.of("uri", TestBroker.uri(), "reply-to", replyTo, "auto-delete", "true"));

    ResultSchema.assertValid(result);
    assertThat(result.ending().status()).isEqualTo("completed");
    RequestReplyCounts counts = result.extras().requestReply();
    assertThat(counts.requests()).isEqualTo(2_000);
    assertThat(counts.replied()).isEqualTo(2_000);
    assertThat(counts.troubled()).isFalse();
    assertThat(result.figures().latency().get("rtt").count()).isEqualTo(2_000);
    assertThat(result.figures().latency().get("rtt_send").count()).isEqualTo(2_000);
    // A round trip is the request's way to the replier and the reply's way back.
    assertThat(result.figures().latency().get("rtt").p50Micros())
        .isGreaterThan(result.figures().latency().get("e2e").p50Micros());
    assertThat(result.figures().integrity().lost()).isZero();
  }

  @Test
  void repliesAfterTheTimeoutAreLateAndTheirRequestsTimedOut() throws Exception {
    TestBroker.require();
    // Each replier takes 50 ms per request; requests wait 20 ms for their reply.
    Workload workload =
        requests(Duration.ofMillis(20), Duration.ofMillis(50))
            .producers(1)
            .consumers(1)
            .rate(10)
            .messagesPerProducer(20)
            .build();

    RunResult result = run(workload, Map.of("uri", TestBroker.uri(), "auto-delete", "true"));

    ResultSchema.assertValid(result);
    RequestReplyCounts counts = result.extras().requestReply();
    assertThat(counts.requests()).isEqualTo(20);
    assertThat(counts.replied()).isZero();
    assertThat(counts.timedOut()).isEqualTo(20);
    assertThat(counts.timedOut() + counts.lateReplies()).isGreaterThanOrEqualTo(20);
    assertThat(result.warned(Warning.REQUEST_REPLY)).isTrue();
    assertThat(result.figures().latency()).doesNotContainKey("rtt");
  }

  @Test
  void theEmbeddedBrokerAnswersThroughAReplyQueueAndRefusesDirectReplyTo() throws Exception {
    RunResult result =
        run(requests(Duration.ofSeconds(5), Duration.ZERO).build(), Map.of("reply-to", "queue"));

    assertThat(result.extras().requestReply().replied()).isEqualTo(2_000);
    assertThatThrownBy(() -> run(requests(Duration.ofSeconds(5), Duration.ZERO).build(), Map.of()))
        .isInstanceOf(DriverException.class)
        .hasMessage(
            "direct reply-to is RabbitMQ's: the embedded broker has none (use --reply-to queue,"
                + " or give a RabbitMQ uri)");
  }
}
