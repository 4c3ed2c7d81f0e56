package io.brokerbench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.brokerbench.loopback.LoopbackDriver;
import io.brokerbench.loopback.LoopbackOptions;
import io.brokerbench.rate.ManualNanoClock;
import io.brokerbench.report.ReportSink;
import io.brokerbench.result.RunResult;
import io.brokerbench.spi.DriverException;
import io.brokerbench.workload.Shard;
import io.brokerbench.workload.Workload;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class StartGateTest {
  private static final long SECOND = 1_000_000_000L;
  private static final long EPOCH = 1_700_000_000L * SECOND;

  private final ManualNanoClock clock = new ManualNanoClock(0, EPOCH);
  private final Workload workload =
      Workload.builder().rate(1_000).messagesPerProducer(100).duration(null).build();

  private BenchmarkRun.Builder run() {
    return run(workload, clock);
  }

  private static BenchmarkRun.Builder run(Workload workload, ManualNanoClock clock) {
    return BenchmarkRun.builder(workload)
        .driver(new LoopbackDriver(LoopbackOptions.parse(Map.of("inline", "true")), clock))
        .clock(clock)
        .probeClock(false);
  }

  @Test
  void theRunAsksTheGateOnceSetUpAndStartsOnTheBoundaryAtOrAfterItsInstant() throws Exception {
    Instant start = Instant.ofEpochSecond(0, EPOCH).plusMillis(7_300);

    RunResult result = run().startGate(stopping -> start).build().run();

    assertThat(result.ending().status()).isEqualTo(RunResult.COMPLETED);
    assertThat(result.figures().intervals().get(0).startEpochMillis())
        .isEqualTo(EPOCH / 1_000_000 + 8_000);
  }

  @Test
  void aGateThatRefusesFailsTheRunWithItsMessageAndTheSinksGetTheFailedResult() {
    AtomicReference<RunResult> written = new AtomicReference<>();
    BenchmarkRun run =
        run()
            .startGate(
                stopping -> {
                  throw new DriverException("the coordinator refused this shard: late");
                })
            .sink(
                new ReportSink() {
                  @Override
                  public void finished(RunResult result) {
                    written.set(result);
                  }
                })
            .build();

    assertThatThrownBy(run::run).hasMessage("the coordinator refused this shard: late");
    assertThat(written.get().ending().status()).isEqualTo(RunResult.FAILED);
    assertThat(written.get().ending().error())
        .isEqualTo("the coordinator refused this shard: late");
  }

  @Test
  void aWholeRunStartsAtOnce() throws Exception {
    ManualNanoClock offBoundary = new ManualNanoClock(0, EPOCH + 300_000_000L);

    RunResult result = run(workload, offBoundary).build().run();

    assertThat(result.figures().intervals().get(0).startEpochMillis())
        .isEqualTo(EPOCH / 1_000_000 + 300);
  }

  @Test
  void aShardStartsOnTheNextIntervalBoundarySoThatTheShardsIntervalsLineUp() throws Exception {
    ManualNanoClock offBoundary = new ManualNanoClock(0, EPOCH + 300_000_000L);
    Shard.Part first = Shard.of(workload, 0, 2);

    RunResult result =
        run(first.workload(), offBoundary).shard(first.shard()).producerIdBase(0).build().run();

    assertThat(result.figures().intervals().get(0).startEpochMillis())
        .isEqualTo(EPOCH / 1_000_000 + 1_000);
  }

  @Test
  void anInterruptEndsAGateThatWaits() throws Exception {
    AtomicReference<BenchmarkRun> run = new AtomicReference<>();
    run.set(
        run()
            .startGate(
                stopping -> {
                  run.get().interrupt();
                  // A gate polls the flag: it is set by the time the interrupt returns.
                  assertThat(stopping.getAsBoolean()).isTrue();
                  return null;
                })
            .build());

    RunResult result = run.get().run();

    assertThat(result.ending().status()).isEqualTo(RunResult.INTERRUPTED);
    assertThat(result.figures().totals().counts().sent()).isZero();
  }
}
