package io.brokerbench.amqp10;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.BenchmarkRun;
import io.brokerbench.report.RunResult;
import io.brokerbench.spi.AckMode;
import io.brokerbench.spi.Driver;
import io.brokerbench.workload.Workload;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** End-to-end runs on RabbitMQ's AMQP 1.0 plugin: classic, quorum, stream, modes and sizes. */
class Amqp10WorkloadIT {
  private RabbitAdmin admin;
  private String queue;

  @BeforeEach
  void connect() throws Exception {
    TestBroker.require();
    admin = new RabbitAdmin();
    queue =
        "bb-amqp10-"
            + Long.toString(ThreadLocalRandom.current().nextLong(1L << 40), 36)
                .toLowerCase(Locale.ROOT);
  }

  @AfterEach
  void close() throws Exception {
    if (admin != null) {
      admin.close();
    }
  }

  private Workload.Builder workload(int messages) {
    return Workload.builder()
        .destination(queue)
        .messagesPerProducer(messages)
        .messageBytes(12)
        .persistent(true)
        .drainTimeout(Duration.ofSeconds(20))
        .reportInterval(Duration.ofMillis(500));
  }

  private static RunResult run(Driver driver, Workload workload) throws Exception {
    return BenchmarkRun.builder(workload).driver(driver).build().run();
  }

  @Test
  void classicDurableQueueWithMoreThan256UnsettledDeliveries() throws Exception {
    try (Driver driver = new Amqp10DriverProvider().open(TestBroker.options())) {
      RunResult result = run(driver, workload(20_000).inFlightWindow(1_000).prefetch(200).build());

      assertThat(result.status()).isEqualTo("completed");
      assertThat(result.totals().sent()).isEqualTo(20_000);
      assertThat(result.totals().confirmed()).isEqualTo(20_000);
      assertThat(result.totals().received()).isEqualTo(20_000);
      assertThat(result.integrity().clean()).isTrue();
      assertThat(result.latency().get("confirm").count()).isEqualTo(20_000);
      assertThat(admin.depth(queue)).isZero();
      driver.cleanup();
    }
  }

  @Test
  void quorumQueueWithBatchedAccepts() throws Exception {
    try (Driver driver =
        new Amqp10DriverProvider().open(TestBroker.options("queue-type", "quorum"))) {
      RunResult result =
          run(
              driver,
              workload(5_000).inFlightWindow(500).prefetch(500).ack(AckMode.MULTIPLE, 100).build());

      assertThat(result.status()).isEqualTo("completed");
      assertThat(result.totals().confirmed()).isEqualTo(5_000);
      assertThat(result.totals().received()).isEqualTo(5_000);
      assertThat(result.integrity().clean()).isTrue();
      assertThat(admin.depthAfter(queue, 5_000)).isZero();
      driver.cleanup();
    }
  }

  @Test
  void presettledSendsAreConfirmedAtOnceAndArrive() throws Exception {
    try (Driver driver = new Amqp10DriverProvider().open(TestBroker.options("presettled", ""))) {
      RunResult result = run(driver, workload(3_000).inFlightWindow(64).build());

      assertThat(result.totals().confirmed()).isEqualTo(3_000);
      assertThat(result.totals().received()).isEqualTo(3_000);
      assertThat(result.integrity().clean()).isTrue();
      driver.cleanup();
    }
  }

  @Test
  void smallBodiesCarryTheStampInAnApplicationProperty() throws Exception {
    try (Driver driver = new Amqp10DriverProvider().open(TestBroker.options())) {
      RunResult result = run(driver, workload(1_000).messageBytes(4).inFlightWindow(100).build());

      assertThat(result.totals().received()).isEqualTo(1_000);
      assertThat(result.integrity().clean()).isTrue();
      assertThat(result.environment().stampLocation()).isNotEqualTo("body");
      driver.cleanup();
    }
  }

  @Test
  void streamIsReadFromFirstThroughTheOffsetFilter() throws Exception {
    try (Driver driver =
        new Amqp10DriverProvider()
            .open(TestBroker.options("queue-type", "stream", "stream-offset", "first"))) {
      RunResult written = run(driver, workload(3_000).inFlightWindow(500).consumers(0).build());
      assertThat(written.totals().confirmed()).isEqualTo(3_000);

      RunResult read =
          run(
              driver,
              workload(0)
                  .producers(0)
                  .consumers(1)
                  .prefetch(2_000)
                  .messagesPerConsumer(3_000)
                  .duration(Duration.ofSeconds(15))
                  .build());

      assertThat(read.totals().received()).isEqualTo(3_000);
      driver.cleanup();
    }
  }
}
