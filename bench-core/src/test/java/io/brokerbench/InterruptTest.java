package io.brokerbench;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.loopback.LoopbackDriver;
import io.brokerbench.loopback.LoopbackOptions;
import io.brokerbench.rate.NanoClock;
import io.brokerbench.report.ConsoleReport;
import io.brokerbench.result.ResultSchema;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.Warning;
import io.brokerbench.workload.Workload;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * A run the user interrupts ends at the interrupt: what the schedule intended before it is sent or
 * counted, and nothing intended after it is.
 */
class InterruptTest {
  private static final long MS = 1_000_000L;

  @Test
  void theSendDueAfterTheInterruptIsNotCountedUnsent() throws Exception {
    // 1,000 msg/s; the user interrupts while the producer sleeps until its 101st send, which the
    // producer notices when it wakes at that send's intended time.
    AtomicReference<BenchmarkRun> run = new AtomicReference<>();
    AtomicInteger producerSleeps = new AtomicInteger();
    SleepingClock clock =
        new SleepingClock(
            deadline -> {
              if (Thread.currentThread().getName().startsWith("brokerbench-producer")
                  && producerSleeps.incrementAndGet() == 100) {
                run.get().interrupt();
              }
            });
    Workload workload =
        Workload.builder()
            .rate(1_000)
            .duration(Duration.ofSeconds(10))
            .warmup(Duration.ZERO)
            .build();
    run.set(
        BenchmarkRun.builder(workload)
            .driver(new LoopbackDriver(inline(), clock))
            .clock(clock)
            .build());

    RunResult result = run.get().run();

    assertThat(result.ending().status()).isEqualTo(RunResult.INTERRUPTED);
    assertThat(result.figures().totals().counts().sent()).isEqualTo(100);
    assertThat(result.figures().latency()).doesNotContainKey("unsent");
    assertThat(result.warned(Warning.UNSENT)).isFalse();
    assertThat(result.figures().integrity().lost()).isZero();
  }

  @Test
  void aRunInterruptedWhileItWaitsForItsStartTimeSendsNothingAndSaysSo() throws Exception {
    AtomicReference<BenchmarkRun> run = new AtomicReference<>();
    Thread runThread = Thread.currentThread();
    SleepingClock clock =
        new SleepingClock(
            deadline -> {
              if (Thread.currentThread() == runThread) {
                run.get().interrupt();
              }
            });
    long clockAtStart = clock.nanoTime();
    Instant startAt = Instant.ofEpochSecond(0, clock.epochNanos()).plusSeconds(600);
    StringWriter console = new StringWriter();
    run.set(
        BenchmarkRun.builder(
                Workload.builder().rate(1_000).duration(Duration.ofSeconds(10)).build())
            .driver(new LoopbackDriver(inline(), clock))
            .clock(clock)
            .startAt(startAt)
            .sink(new ConsoleReport(new PrintWriter(console)))
            .build());

    RunResult result = run.get().run();

    ResultSchema.assertValid(result);
    assertThat(result.ending().status()).isEqualTo(RunResult.INTERRUPTED);
    assertThat(result.verdict().warnings())
        .extracting(Warning::message)
        .containsExactly(
            "NOT_STARTED: the run was interrupted while it waited for its start time "
                + startAt
                + " (600.0 s ahead), before it started sending: nothing was sent, and no send was"
                + " due yet");
    assertThat(result.figures().totals().counts().sent()).isZero();
    assertThat(result.figures().intervals()).isEmpty();
    assertThat(result.figures().latency()).doesNotContainKey("unsent");
    // The interrupt ended the wait: the run did not sleep on until its start time.
    assertThat(clock.nanoTime() - clockAtStart).isLessThan(Duration.ofSeconds(1).toNanos());
    assertThat(console.toString())
        .contains(
            "== brokerbench summary (interrupted) ==", "NOT_STARTED: the run was interrupted");
  }

  private static LoopbackOptions inline() {
    return LoopbackOptions.parse(Map.of("inline", "true"));
  }

  /**
   * A clock that moves only when a thread sleeps, and then a microsecond past the deadline, as a
   * real sleep ends a little late; {@code onSleep} runs first, with the clock still before it.
   */
  static final class SleepingClock implements NanoClock {
    private final AtomicLong now = new AtomicLong(1_000 * MS);
    private final java.util.function.LongConsumer onSleep;

    SleepingClock(java.util.function.LongConsumer onSleep) {
      this.onSleep = onSleep;
    }

    @Override
    public long nanoTime() {
      return now.get();
    }

    @Override
    public long epochOffsetNanos() {
      return 1_700_000_000_000_000_000L;
    }

    @Override
    public void sleepUntil(long deadlineNanos) {
      if (now.get() < deadlineNanos) {
        onSleep.accept(deadlineNanos);
        now.accumulateAndGet(deadlineNanos + 1_000, Math::max);
      }
    }
  }
}
