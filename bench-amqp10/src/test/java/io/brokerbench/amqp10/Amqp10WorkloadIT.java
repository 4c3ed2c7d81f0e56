package io.brokerbench.amqp10;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.BenchmarkRun;
import io.brokerbench.result.ResultMerge;
import io.brokerbench.result.RunResult;
import io.brokerbench.spi.AckMode;
import io.brokerbench.spi.Driver;
import io.brokerbench.workload.Shard;
import io.brokerbench.workload.Workload;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** End-to-end runs on RabbitMQ's AMQP 1.0 plugin: classic, quorum, stream, modes and sizes. */
class Amqp10WorkloadIT {
  private RabbitAdmin admin;
  private String queue;
  private Driver driver;

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
    try {
      if (driver != null) {
        try {
          driver.cleanup();
        } finally {
          driver.close();
        }
      }
    } finally {
      if (admin != null) {
        admin.close();
      }
    }
  }

  /** Opens the driver under test with the test broker's options plus these; closed after. */
  private Driver open(String... keyValues) throws Exception {
    driver = new Amqp10DriverProvider().open(TestBroker.options(keyValues));
    return driver;
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

  private RunResult run(Workload workload) throws Exception {
    return BenchmarkRun.builder(workload).driver(driver).build().run();
  }

  @ParameterizedTest
  @ValueSource(strings = {"engine", "client"})
  void classicDurableQueueWithMoreThan256UnsettledDeliveries(String io) throws Exception {
    open("io", io);

    RunResult result = run(workload(20_000).inFlightWindow(1_000).prefetch(200).build());

    assertThat(result.ending().status()).isEqualTo("completed");
    assertThat(result.figures().totals().counts().sent()).isEqualTo(20_000);
    assertThat(result.figures().totals().counts().confirmed()).isEqualTo(20_000);
    assertThat(result.figures().totals().counts().received()).isEqualTo(20_000);
    assertThat(result.figures().integrity().clean()).isTrue();
    assertThat(result.figures().latency().get("confirm").count()).isEqualTo(20_000);
    assertThat(admin.depth(queue)).isZero();
  }

  @ParameterizedTest
  @ValueSource(strings = {"engine", "client"})
  void quorumQueueWithBatchedAccepts(String io) throws Exception {
    open("queue-type", "quorum", "io", io);

    RunResult result =
        run(workload(5_000).inFlightWindow(500).prefetch(500).ack(AckMode.MULTIPLE, 100).build());

    assertThat(result.ending().status()).isEqualTo("completed");
    assertThat(result.figures().totals().counts().confirmed()).isEqualTo(5_000);
    assertThat(result.figures().totals().counts().received()).isEqualTo(5_000);
    assertThat(result.figures().integrity().clean()).isTrue();
    assertThat(admin.depthAfter(queue, 5_000)).isZero();
  }

  @ParameterizedTest
  @ValueSource(strings = {"engine", "client"})
  void presettledSendsAreConfirmedAtOnceAndArrive(String io) throws Exception {
    open("presettled", "", "io", io);

    RunResult result = run(workload(3_000).inFlightWindow(64).ack(AckMode.AUTO, 1).build());

    assertThat(result.figures().totals().counts().confirmed()).isEqualTo(3_000);
    assertThat(result.figures().totals().counts().received()).isEqualTo(3_000);
    assertThat(result.figures().integrity().clean()).isTrue();
    assertThat(admin.depth(queue)).isZero();
  }

  @ParameterizedTest
  @ValueSource(strings = {"engine", "client"})
  void smallBodiesCarryTheStampInAnApplicationProperty(String io) throws Exception {
    open("io", io);

    RunResult result = run(workload(1_000).messageBytes(4).inFlightWindow(100).build());

    assertThat(result.figures().totals().counts().received()).isEqualTo(1_000);
    assertThat(result.figures().integrity().clean()).isTrue();
    assertThat(result.setup().environment().stampLocation()).isNotEqualTo("body");
  }

  @ParameterizedTest
  @ValueSource(strings = {"engine", "client"})
  void bodiesLargerThanAFrameArriveWhole(String io) throws Exception {
    open("io", io);

    RunResult result = run(workload(40).messageBytes(300_000).inFlightWindow(10).build());

    assertThat(result.figures().totals().counts().received()).isEqualTo(40);
    assertThat(result.figures().integrity().clean()).isTrue();
  }

  @Test
  void streamIsReadFromFirstThroughTheOffsetFilter() throws Exception {
    open("queue-type", "stream", "stream-offset", "first");
    // Writer and reader are two shards of one workload (one producer, one consumer): the reader
    // counts the writer's messages as its own producer's, not as foreign.
    int idBase = 777;
    RunResult written =
        BenchmarkRun.builder(workload(3_000).inFlightWindow(500).consumers(0).build())
            .driver(driver)
            .producerIdBase(idBase)
            .shard(new Shard(0, 1, 0, 1))
            .build()
            .run();
    assertThat(written.figures().totals().counts().confirmed()).isEqualTo(3_000);

    RunResult read =
        BenchmarkRun.builder(
                workload(0)
                    .producers(0)
                    .consumers(1)
                    .prefetch(2_000)
                    .messagesPerConsumer(3_000)
                    .duration(Duration.ofSeconds(15))
                    .build())
            .driver(driver)
            .producerIdBase(idBase)
            .shard(new Shard(0, 1, 0, 1))
            .build()
            .run();

    assertThat(read.figures().totals().counts().received()).isEqualTo(3_000);
    assertThat(read.figures().integrity().foreign()).isZero();
    assertThat(read.figures().integrity().duplicates()).isZero();
    assertThat(ResultMerge.of(List.of(written, read)).figures().integrity().lost()).isZero();
  }
}
