package io.brokerbench.amqp10;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.result.RequestReplyCounts;
import io.brokerbench.result.RunResult;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Request-reply through dynamic receivers, temporary nodes the broker creates for each requester's
 * replies: RabbitMQ 3.x and 4.0 have none, the embedded Qpid broker has. Named {@code Embedded} so
 * that the RabbitMQ 4 pass leaves it out (it would run the same broker again).
 */
class Amqp10EmbeddedRequestReplyIT {

  @Test
  void theEmbeddedBrokerAnswersThroughDynamicReceivers() throws Exception {
    RunResult result = Amqp10RequestReplyIT.run(Map.of("reply-to", "dynamic"));

    assertThat(result.ending().status()).as(result.ending().error()).isEqualTo("completed");
    RequestReplyCounts counts = result.extras().requestReply();
    assertThat(counts.requests()).isEqualTo(2_000);
    assertThat(counts.replied()).isEqualTo(2_000);
    assertThat(counts.troubled()).isFalse();
  }
}
