package io.brokerbench.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.brokerbench.BenchmarkRun;
import io.brokerbench.result.MessageCounts;
import io.brokerbench.result.ResultSchema;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.TestResults;
import io.brokerbench.result.Warning;
import io.brokerbench.spi.AckMode;
import io.brokerbench.spi.Driver;
import io.brokerbench.workload.Backlog;
import io.brokerbench.workload.Destinations;
import io.brokerbench.workload.Workload;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The behaviour every driver must show, run against a real broker. An adapter extends it in an
 * integration test and implements {@link #openDriver()}:
 *
 * <pre>{@code
 * class Amqp091DriverContractIT extends DriverContractKit {
 *   protected Driver openDriver() throws Exception {
 *     return new Amqp091DriverProvider().open(Map.of("uri", TestBroker.uri()));
 *   }
 * }
 * }</pre>
 *
 * <p>Each test runs a small bounded workload (a few thousand messages, a few seconds) through the
 * real runner and checks the figures a user relies on: every message confirmed and received once,
 * latencies present, rates honoured.
 */
public abstract class DriverContractKit {
  private Driver driver;
  private String prefix;

  /** Opens a driver connected to the broker under test. */
  protected abstract Driver openDriver() throws Exception;

  /** False for drivers whose protocol has no publisher confirms or settlement. */
  protected boolean supportsConfirms() {
    return true;
  }

  /**
   * False for drivers that confirm a send before it returns (the in-memory broker), so that a send
   * never waits for the confirm of the one before.
   */
  protected boolean confirmsTakeARoundTrip() {
    return supportsConfirms();
  }

  /** The acknowledgement modes the driver's protocol supports. */
  protected boolean supportsAckMode(AckMode mode) {
    return true;
  }

  /** Extra time a broker may need before a new destination delivers (RocketMQ rebalancing). */
  protected Duration drainTimeout() {
    return Duration.ofSeconds(20);
  }

  @BeforeEach
  void openDriverUnderTest() throws Exception {
    driver = openDriver();
    prefix =
        "bb-kit-"
            + Long.toString(ThreadLocalRandom.current().nextLong(1L << 40), 36)
                .toLowerCase(Locale.ROOT);
  }

  @AfterEach
  void closeDriverUnderTest() throws Exception {
    if (driver != null) {
      try {
        driver.cleanup();
      } finally {
        driver.close();
      }
    }
  }

  /** The driver opened for the current test. */
  protected Driver driver() {
    return driver;
  }

  /** A destination name unique to this test. */
  protected String destination(String suffix) {
    return prefix + "-" + suffix;
  }

  /** A small bounded workload: 1 producer, 1 consumer, 12-byte messages, 2000 messages. */
  protected Workload.Builder smallWorkload(String suffix) {
    return Workload.builder()
        .producers(1)
        .consumers(1)
        .destination(destination(suffix))
        .messageBytes(12)
        .messagesPerProducer(2_000)
        .inFlightWindow(supportsConfirms() ? 64 : 0)
        .drainTimeout(drainTimeout())
        .reportInterval(Duration.ofMillis(500));
  }

  /** Runs a workload on the driver under test. */
  protected RunResult run(Workload workload) throws Exception {
    RunResult result = BenchmarkRun.builder(workload).driver(driver).build().run();
    ResultSchema.assertValid(result);
    return result;
  }

  @Test
  void everyMessageIsConfirmedAndReceivedOnce() throws Exception {
    RunResult result = run(smallWorkload("once").build());

    assertThat(result.ending().status()).isEqualTo("completed");
    assertThat(result.figures().totals().counts().sent()).isEqualTo(2_000);
    if (supportsConfirms()) {
      assertThat(result.figures().totals().counts().confirmed())
          .as(accounting(result))
          .isEqualTo(2_000);
      assertThat(result.figures().latency().get("confirm").count()).isEqualTo(2_000);
    }
    assertThat(result.figures().totals().counts().received())
        .as(accounting(result))
        .isEqualTo(2_000);
    assertThat(result.figures().integrity().lost()).isZero();
    assertThat(result.figures().integrity().duplicates()).isZero();
    assertThat(result.figures().integrity().foreign()).isZero();
    assertThat(result.figures().latency().get("e2e").count()).isEqualTo(2_000);
    assertThat(result.figures().latency().get("e2e").p50Micros()).isBetween(0.0, 10_000_000.0);
  }

  @Test
  void largerBodiesKeepTheStamp() throws Exception {
    RunResult result =
        run(smallWorkload("large").messageBytes(4_000).messagesPerProducer(500).build());

    assertThat(result.figures().totals().counts().received()).as(accounting(result)).isEqualTo(500);
    assertThat(result.figures().integrity().clean()).isTrue();
    assertThat(result.setup().environment().stampLocation()).isEqualTo("body");
  }

  @Test
  void worksWithoutConfirms() throws Exception {
    RunResult result =
        run(smallWorkload("noconfirm").inFlightWindow(0).messagesPerProducer(1_000).build());

    assertThat(result.figures().totals().counts().sent()).isEqualTo(1_000);
    assertThat(result.figures().totals().counts().received())
        .as(accounting(result))
        .isEqualTo(1_000);
    assertThat(result.figures().integrity().lost()).isZero();
    assertThat(result.figures().latency()).doesNotContainKey("confirm");
  }

  /**
   * What a failed count assertion says besides the number: where every message went, and the run's
   * own warnings and error (a refused send, a broker busy, a drain cut short).
   */
  private static String accounting(RunResult result) {
    return result.ending()
        + "; "
        + result.figures().totals().counts()
        + "; "
        + result.figures().integrity()
        + "; warnings "
        + result.verdict().warnings();
  }

  @Test
  void producersAndConsumersSpreadOverSeveralDestinations() throws Exception {
    Workload workload =
        smallWorkload("multi")
            .destinations(Destinations.pattern(destination("multi-%d"), 1, 3))
            .producers(3)
            .consumers(3)
            .messagesPerProducer(300)
            .build();

    RunResult result = run(workload);

    assertThat(result.figures().totals().counts().sent()).isEqualTo(900);
    assertThat(result.figures().totals().counts().received()).as(accounting(result)).isEqualTo(900);
    assertThat(result.figures().integrity().lost()).isZero();
    assertThat(result.figures().integrity().duplicates()).isZero();
  }

  @Test
  void multipleAcknowledgementsLoseNothing() throws Exception {
    assumeTrue(supportsAckMode(AckMode.MULTIPLE), "the driver has no MULTIPLE acknowledgements");
    RunResult result =
        run(smallWorkload("multiack").ack(AckMode.MULTIPLE, 10).prefetch(50).build());

    assertThat(result.figures().totals().counts().received())
        .as(accounting(result))
        .isEqualTo(2_000);
    assertThat(result.figures().integrity().clean()).isTrue();
  }

  @Test
  void autoAckLosesNothing() throws Exception {
    assumeTrue(supportsAckMode(AckMode.AUTO), "the driver has no AUTO acknowledgements");
    RunResult result = run(smallWorkload("autoack").ack(AckMode.AUTO, 1).build());

    assertThat(result.figures().totals().counts().received())
        .as(accounting(result))
        .isEqualTo(2_000);
    assertThat(result.figures().integrity().clean()).isTrue();
  }

  @Test
  void fixedRateIsHonoured() throws Exception {
    Workload workload =
        smallWorkload("rate")
            .messagesPerProducer(0)
            .rate(400)
            .duration(Duration.ofMillis(2_500))
            .build();

    RunResult result = run(workload);

    // The schedule's 1,000 sends, each sent or counted as never sent, and none beyond them; how
    // close the sent rate came is a benchmark's question (a loaded machine falls behind).
    long sent = result.figures().totals().counts().sent();
    assertThat(sent).isPositive().isLessThanOrEqualTo(1_000);
    assertThat(sent + TestResults.unsent(result)).as("sent and unsent").isEqualTo(1_000);
    assertThat(result.figures().totals().counts().received())
        .as(accounting(result))
        .isEqualTo(sent);
    assertThat(result.figures().integrity().lost()).isZero();
  }

  @Test
  void aWindowOfOneAtAHighRateIsTheGeneratorsOwnPace() throws Exception {
    assumeTrue(confirmsTakeARoundTrip(), "the driver confirms a send before it returns");
    // A send every 50 us, and each must wait for the confirm of the one before: no broker
    // confirms over a connection that fast, so most sends find the window full.
    Workload workload =
        smallWorkload("window")
            .messagesPerProducer(0)
            .inFlightWindow(1)
            .rate(20_000)
            .duration(Duration.ofSeconds(1))
            .warmup(Duration.ZERO)
            .build();

    RunResult result = run(workload);

    MessageCounts counts = result.figures().totals().counts();
    assertThat(counts.windowWaits()).isPositive().isLessThanOrEqualTo(counts.sent());
    assertThat(result.validity().reasons())
        .extracting(Warning::code)
        .as("validity of a run whose %d of %d sends waited", counts.windowWaits(), counts.sent())
        .contains(Warning.WINDOW_FULL);
    assertThat(counts.sent() + TestResults.unsent(result)).as("sent and unsent").isEqualTo(20_000);
  }

  @Test
  void aBacklogIsQueuedBeforeConsumersStartThenDrained() throws Exception {
    // 2,000 msg/s: the 1,000-message backlog takes 0.5 s or more, then the producer stops and the
    // run ends once the consumer drained it. (Producers that went on for a fixed time once ended
    // with 503 queued on a loaded machine: sending was over before the backlog was built. The
    // loopback BacklogTest covers producers that go on.)
    Workload workload =
        smallWorkload("backlog")
            .messagesPerProducer(0)
            .rate(2_000)
            .backlog(new Backlog(1_000, true))
            .build();

    RunResult result = run(workload);

    assertThat(result.ending().status()).isEqualTo("completed");
    assertThat(result.extras().backlog().queued()).isEqualTo(1_000L);
    assertThat(result.extras().backlog().fillSeconds()).isGreaterThanOrEqualTo(0.45);
    assertThat(result.extras().backlog().drained()).isTrue();
    assertThat(result.figures().totals().counts().received())
        .isEqualTo(result.figures().totals().counts().sent());
    assertThat(result.figures().integrity().lost()).isZero();
    // The oldest message waited at least the whole fill before a consumer was there to take it.
    assertThat(result.figures().latency().get("backlog_age").count())
        .isGreaterThanOrEqualTo(result.extras().backlog().queued());
    assertThat(result.figures().latency().get("backlog_age").maxMicros())
        .isGreaterThan(result.extras().backlog().fillSeconds() * 0.9e6);
  }

  @Test
  void closeIsIdempotent() throws Exception {
    driver.close();
    assertThatCode(driver::close).doesNotThrowAnyException();
    driver = null;
  }
}
