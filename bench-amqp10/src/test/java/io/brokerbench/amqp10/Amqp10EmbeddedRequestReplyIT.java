package io.brokerbench.amqp10;

import io.brokerbench.contract.RequestReplyWorkload;
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
    RequestReplyWorkload.assertEveryRequestAnswered(
        Amqp10RequestReplyIT.run(Map.of("reply-to", "dynamic")));
  }
}
