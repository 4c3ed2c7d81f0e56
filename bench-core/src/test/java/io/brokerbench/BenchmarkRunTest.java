package io.brokerbench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.brokerbench.contract.DelegatingDriver;
import io.brokerbench.loopback.LoopbackDriver;
import io.brokerbench.loopback.LoopbackOptions;
import io.brokerbench.rate.ManualNanoClock;
import io.brokerbench.rate.NanoClock;
import io.brokerbench.report.JsonResult;
import io.brokerbench.result.ClockStatus;
import io.brokerbench.result.LatencySummary;
import io.brokerbench.result.ResultSchema;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.Validity;
import io.brokerbench.result.Warning;
import io.brokerbench.spi.Driver;
import io.brokerbench.spi.DriverDescription;
import io.brokerbench.workload.Workload;
import io.brokerbench.workload.WorkloadException;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class BenchmarkRunTest {
  private static final long MS = 1_000_000L;

  /** Loopback delivering on the producer's thread, with these faults. */
  private static LoopbackOptions inline(String... faults) {
    Map<String, String> options = new HashMap<>(Map.of("inline", "true"));
    for (int i = 0; i < faults.length; i += 2) {
      options.put(faults[i], faults[i + 1]);
    }
    return LoopbackOptions.parse(options);
  }

  private static RunResult run(Workload workload, Driver driver, NanoClock clock) throws Exception {
    return BenchmarkRun.builder(workload).driver(driver).clock(clock).build().run();
  }

  @Test
  void aRunToldNotToProbeTheClockSaysItIsUnknown() throws Exception {
    Workload workload =
        Workload.builder().rate(1_000).messagesPerProducer(1).duration(null).build();

    RunResult result =
        BenchmarkRun.builder(workload).driver("loopback").probeClock(false).build().run();

    assertThat(result.setup().environment().clock()).isEqualTo(ClockStatus.UNKNOWN);
  }

  @Test
  void aStallIsChargedToEveryMessageScheduledDuringItNotJustTheStalledOne() throws Exception {
    ManualNanoClock clock = new ManualNanoClock(1_000 * MS, 1_700_000_000_000_000_000L);
    Workload workload =
        Workload.builder().rate(10_000).messagesPerProducer(20_000).duration(null).build();
    LoopbackDriver driver =
        new LoopbackDriver(inline("stall-after", "5000", "stall-ms", "100"), clock);

    RunResult result = run(workload, driver, clock);

    // Ground truth: the send intended at 500 ms stalls 100 ms; the 1000 sends intended during the
    // stall leave when it ends, each late by the rest of the stall; the 19000 others are on time.
    Histogram truth = new Histogram(3);
    truth.recordValueWithCount(0, 19_000);
    for (int k = 0; k < 1_000; k++) {
      truth.recordValue(100 * MS - k * 100_000L);
    }
    LatencySummary fromIntended = result.figures().latency().get("e2e");
    assertThat(fromIntended.count()).isEqualTo(20_000);
    assertThat(fromIntended.p99Micros())
        .isCloseTo(truth.getValueAtPercentile(99) / 1000.0, within(80.0));
    assertThat(fromIntended.p99Micros()).isBetween(79_900.0, 80_100.0);
    assertThat(fromIntended.p95Micros()).isCloseTo(0.0, within(1.0));
    assertThat(fromIntended.maxMicros()).isCloseTo(100_000.0, within(100.0));

    // From the actual send only the message that met the freeze is late; the others are exact to
    // the
    // stamp's slip precision (0.025 % of a slip of at most 100 ms).
    LatencySummary fromSend = result.figures().latency().get("e2e_send");
    assertThat(fromSend.p99Micros()).isLessThan(25.0);
    assertThat(fromSend.maxMicros()).isCloseTo(100_000.0, within(100.0));
    assertThat(result.figures().latency().get("slip").maxMicros())
        .isCloseTo(99_900.0, within(100.0));
    // One send in twenty late: the schedule was kept, the tail is the stall's. (The manual clock
    // governs the schedule; the pause detector watches the real one, which a loaded machine
    // stalls.)
    assertThat(result.validity().reasons())
        .extracting(Warning::code)
        .doesNotContain(Warning.SCHEDULE_SLIP);
  }

  @Test
  void aStallThatMadeMostSendsLateMakesTheRunSuspect() throws Exception {
    ManualNanoClock clock = new ManualNanoClock(1_000 * MS, 1_700_000_000_000_000_000L);
    Workload workload =
        Workload.builder().rate(10_000).messagesPerProducer(10_000).duration(null).build();
    // The send intended at 200 ms stalls 600 ms: the 6,000 intended during it leave late by 600 ms
    // down to 0, so the slowest tenth of all sends by 500 ms or more (histogram precision below).
    LoopbackDriver driver =
        new LoopbackDriver(inline("stall-after", "2000", "stall-ms", "600"), clock);

    RunResult result = run(workload, driver, clock);

    Validity validity = result.validity();
    assertThat(validity.verdict()).isEqualTo(Validity.SUSPECT);
    assertThat(validity.reasons())
        .filteredOn(w -> w.code().equals(Warning.SCHEDULE_SLIP))
        .singleElement()
        .satisfies(
            w ->
                assertThat(w.message())
                    .startsWith("SCHEDULE_SLIP: 10 % of the sends left 499.9 ms or more")
                    .contains("(the latest 600.3 ms)"));
    ResultSchema.assertValid(result);
    assertThat(JsonResult.toJson(result)).contains("\"verdict\" : \"suspect\"");
  }

  @Test
  void injectedDropsDuplicatesAndReorderingsAreCountedExactly() throws Exception {
    ManualNanoClock clock = new ManualNanoClock(0, 0);
    Workload workload =
        Workload.builder()
            .messagesPerProducer(5_000)
            .duration(null)
            .drainTimeout(Duration.ofMillis(200))
            .build();
    // 97, 89 and 83 have no common multiple below 5000, so each fault is counted on its own.
    LoopbackDriver driver =
        new LoopbackDriver(
            inline("drop-every", "97", "duplicate-every", "89", "reorder-every", "83"), clock);

    RunResult result = run(workload, driver, clock);

    assertThat(result.figures().integrity().lost()).isEqualTo(5_000 / 97);
    assertThat(result.figures().integrity().duplicates()).isEqualTo(5_000 / 89);
    assertThat(result.figures().integrity().outOfOrder()).isEqualTo(5_000 / 83);
    assertThat(result.figures().integrity().unique()).isEqualTo(5_000 - 5_000 / 97);
    assertThat(result.figures().totals().counts().received())
        .isEqualTo(5_000 - 5_000 / 97 + 5_000 / 89);
    assertThat(result.verdict().warnings())
        .anyMatch(w -> w.message().startsWith("LOSS: 51 message(s)"));
    assertThat(result.verdict().warnings()).anyMatch(w -> w.message().startsWith("DUPLICATES: 56"));
  }

  @Test
  void unlimitedLoopbackRunDeliversEverythingThroughTheWindow() throws Exception {
    Workload workload =
        Workload.builder().messagesPerProducer(300_000).duration(null).inFlightWindow(256).build();

    RunResult result = BenchmarkRun.builder(workload).driver("loopback").build().run();

    assertThat(result.figures().totals().counts().sent()).isEqualTo(300_000);
    assertThat(result.figures().totals().counts().confirmed()).isEqualTo(300_000);
    assertThat(result.figures().totals().counts().received()).isEqualTo(300_000);
    assertThat(result.figures().integrity().clean()).isTrue();
    // Nothing to say of the messages; a loaded machine may stall the generator, which it says.
    assertThat(result.verdict().warnings())
        .allMatch(w -> w.code().equals(Warning.GENERATOR_PAUSED));
  }

  @Test
  void competingConsumersShareTheIntegrityCheck() throws Exception {
    Workload workload =
        Workload.builder()
            .producers(2)
            .consumers(3)
            .messagesPerProducer(20_000)
            .duration(null)
            .build();

    RunResult result = BenchmarkRun.builder(workload).driver("loopback").build().run();

    assertThat(result.figures().totals().counts().received()).isEqualTo(40_000);
    assertThat(result.figures().integrity().clean()).isTrue();
  }

  @Test
  void aBodyTooSmallForTheStampIsRefusedWhenTheDriverHasNoHeaders() {
    Workload workload = Workload.builder().messageBytes(8).messagesPerProducer(10).build();
    Driver driver =
        new WithoutHeaderStamp(new LoopbackDriver(LoopbackOptions.DEFAULTS, NanoClock.system()));

    assertThatThrownBy(() -> BenchmarkRun.builder(workload).driver(driver).build().run())
        .isInstanceOf(WorkloadException.class)
        .hasMessage(
            "message size 8 B is below the 12-byte stamp and driver 'loopback' cannot carry it in a"
                + " header: use a size of at least 12");
  }

  @Test
  void aBodyTooSmallForTheStampUsesAHeaderAndSaysSo() throws Exception {
    Workload workload = Workload.builder().messageBytes(4).messagesPerProducer(1_000).build();

    RunResult result = BenchmarkRun.builder(workload).driver("loopback").build().run();

    assertThat(result.setup().environment().stampLocation()).isEqualTo("header");
    assertThat(result.warned(Warning.HEADER_STAMP)).isTrue();
    assertThat(result.figures().integrity().clean()).isTrue();
  }

  @Test
  void aRunWithoutProgressEndsAsFailedWithTheResultsSoFar() throws Exception {
    Workload workload =
        Workload.builder()
            .producers(0)
            .consumers(1)
            .duration(Duration.ofMinutes(1))
            .progressTimeout(Duration.ofMillis(300))
            .build();

    long start = System.nanoTime();
    RunResult result = BenchmarkRun.builder(workload).driver("loopback").build().run();

    assertThat(result.ending().status()).isEqualTo("failed");
    assertThat(result.ending().error())
        .isEqualTo(
            "no progress for 0.3 s: nothing was sent, confirmed or received (is the broker stuck or"
                + " the destination blocked?)");
    assertThat(System.nanoTime() - start).isLessThan(Duration.ofSeconds(10).toNanos());
  }

  @Test
  void theWarmUpIsReportedButLeftOutOfTheTotals() throws Exception {
    Workload workload =
        Workload.builder()
            .rate(2_000)
            .warmup(Duration.ofMillis(400))
            .duration(Duration.ofSeconds(1))
            .reportInterval(Duration.ofMillis(200))
            .build();

    RunResult result = BenchmarkRun.builder(workload).driver("loopback").build().run();

    assertThat(result.figures().intervals().get(0).warmup()).isTrue();
    assertThat(result.figures().intervals().get(result.figures().intervals().size() - 1).warmup())
        .isFalse();
    long warmupSent =
        result.figures().intervals().stream()
            .filter(i -> i.warmup())
            .mapToLong(i -> i.counts().sent())
            .sum();
    // The schedule intends 800 sends in the warm-up and 2,800 in all; a loaded machine sends
    // fewer, never more.
    assertThat(warmupSent).isPositive().isLessThanOrEqualTo(1_000L);
    assertThat(result.figures().totals().counts().sent()).isPositive();
    assertThat(warmupSent + result.figures().totals().counts().sent()).isLessThanOrEqualTo(2_800L);
    // Counter and histogram are read a moment apart: a message arriving then may have its count
    // and its latency on different sides of the warm-up's end.
    assertThat(result.figures().latency().get("e2e").count())
        .isCloseTo(
            result.figures().totals().counts().received(),
            org.assertj.core.data.Offset.offset(10L));
  }

  @Test
  void anUnknownDriverNamesTheAvailableOnes() {
    assertThatThrownBy(() -> Drivers.find("kafka"))
        .isInstanceOf(WorkloadException.class)
        .hasMessageStartingWith("unknown driver 'kafka': available drivers are ")
        .hasMessageContaining("loopback");
  }

  @Test
  void anUnknownDriverOptionIsRefused() {
    assertThatThrownBy(() -> Drivers.open("loopback", java.util.Map.of("colour", "red")))
        .isInstanceOf(WorkloadException.class)
        .hasMessageStartingWith("unknown option 'colour' for driver loopback: its options are [");
  }

  @Test
  void competingConsumersSeeArrivalsOutOfOrderAndTheResultSaysItIsExpected() throws Exception {
    ManualNanoClock clock = new ManualNanoClock(0, 0);
    Workload workload =
        Workload.builder()
            .consumers(2)
            .messagesPerProducer(2_000)
            .drainTimeout(Duration.ofMillis(200))
            .build();
    LoopbackDriver driver = new LoopbackDriver(inline("reorder-every", "7"), clock);

    RunResult result = run(workload, driver, clock);

    assertThat(result.figures().integrity().outOfOrder()).isPositive();
    assertThat(result.figures().integrity().lost()).isZero();
    assertThat(result.verdict().warnings())
        .filteredOn(w -> w.code().equals(Warning.COMPETING_CONSUMERS))
        .singleElement()
        .satisfies(
            w ->
                assertThat(w.message())
                    .endsWith(
                        "arrived out of order: expected, since 2 consumers compete for one"
                            + " destination and each sees part of a sequence"));
  }

  @Test
  void aProducerStuckInASendEndsTheRunAsFailedWithinTheDrainTimeoutOfItsEnd() throws Exception {
    Workload workload =
        Workload.builder()
            .rate(1_000)
            .duration(Duration.ofMillis(500))
            .drainTimeout(Duration.ofMillis(500))
            .build();
    java.util.concurrent.CountDownLatch closed = new java.util.concurrent.CountDownLatch(1);
    Driver stuck =
        new DelegatingDriver(new LoopbackDriver(LoopbackOptions.DEFAULTS, NanoClock.system())) {
          @Override
          public io.brokerbench.spi.Producer createProducer(
              io.brokerbench.spi.ProducerSpec spec, io.brokerbench.spi.SendListener listener)
              throws io.brokerbench.spi.DriverException {
            io.brokerbench.spi.Producer real = delegate.createProducer(spec, listener);
            return new io.brokerbench.spi.Producer() {
              @Override
              public boolean trySend(io.brokerbench.spi.OutgoingMessage message)
                  throws io.brokerbench.spi.DriverException {
                if (message.sequence() == 100) {
                  // A socket write the broker holds: deaf to interrupts, freed only by close.
                  while (closed.getCount() > 0) {
                    java.util.concurrent.locks.LockSupport.parkNanos(1_000_000);
                  }
                }
                return real.trySend(message);
              }

              @Override
              public void close() throws io.brokerbench.spi.DriverException {
                closed.countDown();
                real.close();
              }
            };
          }
        };

    long start = System.nanoTime();
    RunResult result = BenchmarkRun.builder(workload).driver(stuck).build().run();

    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
    assertThat(result.ending().status()).isEqualTo(RunResult.FAILED);
    assertThat(result.ending().error())
        .isEqualTo(
            "producer 0 is stuck in a send 0.5 s after the run's end: the broker does not take"
                + " messages (flow control, a memory or disk alarm?)");
    assertThat(result.figures().totals().counts().sent()).isEqualTo(100);
  }

  /** A loopback driver that claims no header support. */
  private static final class WithoutHeaderStamp extends DelegatingDriver {
    WithoutHeaderStamp(Driver delegate) {
      super(delegate);
    }

    @Override
    public DriverDescription description() {
      DriverDescription d = delegate.description();
      return new DriverDescription(
          d.driver(), d.target(), d.embedded(), false, d.clientLibrary(), d.broker());
    }
  }
}
