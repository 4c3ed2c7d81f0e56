package io.brokerbench.amqp091;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.brokerbench.contract.RequestReplyWorkload;
import io.brokerbench.result.RequestReplyCounts;
import io.brokerbench.result.ResultSchema;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.Warning;
import io.brokerbench.spi.DriverException;
import io.brokerbench.workload.Workload;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Request-reply against RabbitMQ: requests with a reply address (direct reply-to, or a queue per
 * requester) answered by repliers, round trips measured, late replies counted.
 */
class Amqp091RequestReplyIT {
  private static RunResult run(Workload workload, Map<String, String> options) throws Exception {
    return RequestReplyWorkload.run(workload, new Amqp091DriverProvider().open(options));
  }

  @ParameterizedTest
  @ValueSource(strings = {"direct", "queue"})
  void everyRequestIsAnsweredWithItsRoundTrip(String replyTo) throws Exception {
    TestBroker.require();
    RequestReplyWorkload.assertEveryRequestAnswered(
        run(
            RequestReplyWorkload.requests("bb-rpc-"),
            Map.of("uri", TestBroker.uri(), "reply-to", replyTo, "auto-delete", "true")));
  }

  @Test
  void repliesAfterTheTimeoutAreLateAndTheirRequestsTimedOut() throws Exception {
    TestBroker.require();
    // Each replier takes 50 ms per request; requests wait 20 ms for their reply.
    Workload workload =
        RequestReplyWorkload.requests("bb-rpc-", Duration.ofMillis(20), Duration.ofMillis(50))
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
    RequestReplyWorkload.assertEveryRequestAnswered(
        run(RequestReplyWorkload.requests("bb-rpc-"), Map.of("reply-to", "queue")));
    assertThatThrownBy(() -> run(RequestReplyWorkload.requests("bb-rpc-"), Map.of()))
        .isInstanceOf(DriverException.class)
        .hasMessage(
            "direct reply-to is RabbitMQ's: the embedded broker has none (use --reply-to queue,"
                + " or give a RabbitMQ uri)");
  }
}
