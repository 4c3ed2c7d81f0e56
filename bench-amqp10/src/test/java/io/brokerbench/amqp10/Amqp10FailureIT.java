package io.brokerbench.amqp10;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.brokerbench.BenchmarkRun;
import io.brokerbench.contract.RunProgress;
import io.brokerbench.result.RunResult;
import io.brokerbench.spi.Driver;
import io.brokerbench.spi.DriverException;
import io.brokerbench.workload.Workload;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Failures the user must see as one clear line, against RabbitMQ's AMQP 1.0 plugin. */
class Amqp10FailureIT {
  private String queue;

  @BeforeEach
  void requireBroker() {
    TestBroker.require();
    queue =
        "bb-amqp10-fail-"
            + Long.toString(ThreadLocalRandom.current().nextLong(1L << 40), 36)
                .toLowerCase(Locale.ROOT);
  }

  private Workload.Builder workload() {
    return Workload.builder()
        .destination(queue)
        .messagesPerProducer(100)
        .inFlightWindow(10)
        .drainTimeout(Duration.ofSeconds(5));
  }

  /** The broker's own words: RabbitMQ 3.x's plugin says NOT_FOUND, 4.x amqp:not-found. */
  private static final String BROKER_NOT_FOUND = "(?s).*(NOT_FOUND|amqp:not-found).*";

  @Test
  void aMissingQueueFailsTheRunInsteadOfDroppingMessages() throws Exception {
    try (Driver driver = new Amqp10DriverProvider().open(TestBroker.options("declare", "false"))) {
      BenchmarkRun run =
          BenchmarkRun.builder(workload().consumers(0).build()).driver(driver).build();

      assertThatThrownBy(run::run)
          .isInstanceOf(DriverException.class)
          .hasMessageContaining(TestBroker.addressOf(queue))
          .hasMessageMatching(BROKER_NOT_FOUND)
          .hasMessageNotContaining("\n");
    }
  }

  @Test
  void aReceiverOnAMissingQueueShowsTheBrokersError() throws Exception {
    try (Driver driver =
        new Amqp10DriverProvider()
            .open(TestBroker.options("declare", "false", "check-target", "false"))) {
      BenchmarkRun run = BenchmarkRun.builder(workload().build()).driver(driver).build();

      assertThatThrownBy(run::run)
          .isInstanceOf(DriverException.class)
          .hasMessageContaining(TestBroker.addressOf(queue))
          .hasMessageMatching(BROKER_NOT_FOUND);
    }
  }

  @Test
  void connectionRefusedNamesHostAndPortQuickly() {
    long start = System.nanoTime();

    assertThatThrownBy(
            () -> new Amqp10DriverProvider().open(TestBroker.options("url", "amqp://127.0.0.1:1")))
        .isInstanceOf(DriverException.class)
        .hasMessageContaining("cannot connect to 127.0.0.1:1")
        .hasMessageContaining("refused");
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
  }

  @Test
  void wrongPasswordIsAnAuthenticationFailure() {
    assertThatThrownBy(
            () -> new Amqp10DriverProvider().open(TestBroker.options("password", "wrong-password")))
        .isInstanceOf(DriverException.class)
        .hasMessageContaining("authentication failed")
        .hasMessageNotContaining("wrong-password");
  }

  @Test
  void theEngineConnectionReportsAuthenticationFailureAndRefusal() {
    assertThatThrownBy(
            () ->
                EngineConnection.open(
                    Amqp10Config.parse(TestBroker.options("password", "wrong-password")), "t"))
        .isInstanceOf(DriverException.class)
        .hasMessageContaining("authentication failed")
        .hasMessageNotContaining("wrong-password");
    assertThatThrownBy(
            () ->
                EngineConnection.open(
                    Amqp10Config.parse(TestBroker.options("url", "amqp://127.0.0.1:1")), "t"))
        .isInstanceOf(DriverException.class)
        .hasMessageContaining("cannot connect to 127.0.0.1:1");
  }

  @Test
  void aQueueDeletedMidRunEndsTheRunWithAFailure() throws Exception {
    try (Driver driver = new Amqp10DriverProvider().open(TestBroker.options());
        RabbitAdmin admin = new RabbitAdmin()) {
      Duration duration = Duration.ofSeconds(20);
      Workload workload = workload().messagesPerProducer(0).rate(500).duration(duration).build();
      RunProgress progress = new RunProgress();
      long start = System.nanoTime();
      // What the deleter did, for the failure's description: CI once saw this run complete.
      AtomicReference<String> deleted = new AtomicReference<>("the deleter did not run");
      Thread deleter =
          new Thread(
              () -> {
                try {
                  progress.awaitConfirmedInterval(Duration.ofSeconds(20));
                  admin.delete(queue);
                  deleted.set(
                      "queue deleted "
                          + (System.nanoTime() - start) / 1_000_000
                          + " ms into the run");
                } catch (Throwable e) {
                  deleted.set("the deleter failed: " + e);
                }
              });
      deleter.start();

      RunResult result = BenchmarkRun.builder(workload).driver(driver).sink(progress).build().run();
      deleter.join();

      assertThat(result.ending().status())
          .as(
              "%s; counts %s; warnings %s",
              deleted.get(), result.figures().totals().counts(), result.verdict().warnings())
          .isEqualTo("failed");
      assertThat(result.ending().error()).contains(TestBroker.addressOf(queue));
      // Ended by the failure, not by its duration.
      assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(duration);
    }
  }
}
