package io.brokerbench.amqp091;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.DefaultConsumer;
import io.brokerbench.BenchmarkRun;
import io.brokerbench.result.ResultSchema;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.Warning;
import io.brokerbench.spi.DriverException;
import io.brokerbench.workload.Workload;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;

/**
 * A queue another client already consumes from, as another run on the same queue name would: the
 * run says so at its start (its messages taken by that client count as lost), or refuses it.
 */
class Amqp091ForeignConsumersIT {
  private static String freshQueue() {
    return "bb-foreign-" + Long.toString(ThreadLocalRandom.current().nextLong(1L << 40), 36);
  }

  private static BenchmarkRun.Builder run(String queue) {
    return BenchmarkRun.builder(
            Workload.builder()
                .destination(queue)
                .rate(2_000)
                .messagesPerProducer(200)
                .duration(null)
                .drainTimeout(Duration.ofMillis(500))
                .build())
        .driver("amqp091", Map.of("uri", TestBroker.uri()));
  }

  @Test
  void aQueueAnotherClientConsumesFromIsWarnedOfAtTheStart() throws Exception {
    String queue = freshQueue();
    try (Connection other = TestBroker.connect();
        Channel channel = other.createChannel()) {
      // Declared as another run of the driver would: classic, auto-delete.
      channel.queueDeclare(queue, false, false, true, null);
      channel.basicConsume(queue, true, new DefaultConsumer(channel));

      RunResult result = run(queue).build().run();

      ResultSchema.assertValid(result);
      assertThat(result.verdict().warnings())
          .extracting(Warning::message)
          .contains(
              "FOREIGN_CONSUMERS: queue '"
                  + queue
                  + "' already has 1 consumer(s) not of this run: their share of its messages"
                  + " will count as lost (use a queue of its own, or --refuse-busy-queue)");
    } finally {
      deleteQuietly(queue);
    }
  }

  @Test
  void aQueueOfItsOwnIsNotWarnedOf() throws Exception {
    // The queue does not exist when the run asks: no consumers, and its own are not foreign.
    RunResult result = run(freshQueue()).build().run();

    assertThat(result.warned(Warning.FOREIGN_CONSUMERS)).isFalse();
    assertThat(result.figures().integrity().lost()).isZero();
  }

  @Test
  void refusingBusyQueuesFailsTheRunAndLeavesTheQueueToItsConsumer() throws Exception {
    String queue = freshQueue();
    try (Connection other = TestBroker.connect();
        Channel channel = other.createChannel()) {
      // Declared as another run of the driver would: classic, auto-delete.
      channel.queueDeclare(queue, false, false, true, null);
      channel.basicConsume(queue, true, new DefaultConsumer(channel));

      assertThatThrownBy(() -> run(queue).refuseBusyQueues(true).build().run())
          .isInstanceOf(DriverException.class)
          .hasMessage(
              "queue '"
                  + queue
                  + "' already has 1 consumer(s) not of this run (--refuse-busy-queue): use a"
                  + " queue of its own, or stop those consumers");
      // The run declared nothing, so its clean-up deleted nothing.
      assertThat(channel.queueDeclarePassive(queue).getConsumerCount()).isEqualTo(1);
    } finally {
      deleteQuietly(queue);
    }
  }

  private static void deleteQuietly(String queue) throws Exception {
    try (Connection connection = TestBroker.connect();
        Channel channel = connection.createChannel()) {
      channel.queueDelete(queue);
    }
  }
}
