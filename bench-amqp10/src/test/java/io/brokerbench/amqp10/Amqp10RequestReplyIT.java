package io.brokerbench.amqp10;

import io.brokerbench.contract.RequestReplyWorkload;
import io.brokerbench.result.RunResult;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Request-reply over AMQP 1.0 on the test broker: requests carry a reply address (a queue per
 * requester) and a correlation id; repliers answer each one. {@link Amqp10EmbeddedRequestReplyIT}
 * has the dynamic receivers RabbitMQ lacks.
 */
class Amqp10RequestReplyIT {
  static RunResult run(Map<String, String> options) throws Exception {
    return RequestReplyWorkload.run(
        RequestReplyWorkload.requests("bb-rpc10-"), new Amqp10DriverProvider().open(options));
  }

  @Test
  void everyRequestIsAnsweredThroughAReplyQueue() throws Exception {
    RequestReplyWorkload.assertEveryRequestAnswered(run(TestBroker.options()));
  }
}
