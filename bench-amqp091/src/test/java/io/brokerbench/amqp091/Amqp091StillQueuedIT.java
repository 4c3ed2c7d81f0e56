package io.brokerbench.amqp091;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import io.brokerbench.BenchmarkRun;
import io.brokerbench.contract.StallingConsumers;
import io.brokerbench.result.ResultSchema;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.Warning;
import io.brokerbench.spi.Driver;
import io.brokerbench.workload.Workload;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;

/**
 * Messages the consumers did not get to are asked from the broker at the end: still queued, not
 * lost.
 */
class Amqp091StillQueuedIT {
  @Test
  void messagesLeftInTheQueueAreStillQueuedNotLost() throws Exception {
    TestBroker.require();
    String queue =
        "bb-still-queued-" + Long.toString(ThreadLocalRandom.current().nextLong(1L << 40), 36);
    try {
      // The consumer stalls after 500 of the 2,000 messages; with a prefetch of 1 the broker keeps
      // the rest but one, held by the stalled client, when the drain sees no progress.
      CountDownLatch runEnded = new CountDownLatch(1);
      Driver amqp091 = new Amqp091DriverProvider().open(Map.of("uri", TestBroker.uri()));
      RunResult result;
      try {
        result =
            BenchmarkRun.builder(
                    Workload.builder()
                        .destination(queue)
                        .rate(4_000)
                        .messagesPerProducer(2_000)
                        .duration(null)
                        .prefetch(1)
                        .inFlightWindow(100)
                        .drainTimeout(Duration.ofMillis(500))
                        .build())
                .driver(new StallingConsumers(amqp091, 500, runEnded, Duration.ofSeconds(3)))
                .build()
                .run();
      } finally {
        runEnded.countDown();
        amqp091.close();
      }

      ResultSchema.assertValid(result);
      assertThat(result.figures().integrity().unique()).isEqualTo(500);
      assertThat(result.figures().integrity().stillQueued() + result.figures().integrity().lost())
          .isEqualTo(1_500);
      assertThat(result.figures().integrity().stillQueued()).isBetween(1_499L, 1_500L);
      assertThat(result.warned(Warning.STILL_QUEUED)).isTrue();
      // The queue grew while the producer sent: its latencies are the queue's, and it says so.
      assertThat(result.warned(Warning.QUEUE_GREW)).isTrue();
    } finally {
      try (Connection connection = TestBroker.connect();
          Channel channel = connection.createChannel()) {
        channel.queueDelete(queue);
      }
    }
  }
}
