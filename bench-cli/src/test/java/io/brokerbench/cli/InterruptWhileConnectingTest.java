package io.brokerbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.BenchmarkRun;
import io.brokerbench.result.ResultSchema;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.Warning;
import io.brokerbench.workload.Workload;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * An interrupt while the driver connects ends the run at once as interrupted, not as the failed
 * connect it would otherwise wait for; the driver that opens later is closed.
 */
class InterruptWhileConnectingTest {
  private final ExecutorService runs = Executors.newSingleThreadExecutor();

  @BeforeEach
  void freshDriver() {
    SilentDriverProvider.reset();
  }

  @AfterEach
  void letTheDriverOpen() {
    SilentDriverProvider.answer.countDown();
    runs.shutdownNow();
  }

  @Test
  void aRunInterruptedWhileConnectingIsInterruptedAndSaysSo() throws Exception {
    BenchmarkRun run =
        BenchmarkRun.builder(Workload.builder().rate(1_000).build()).driver("silent").build();
    Future<RunResult> running = runs.submit(run::run);
    assertThat(SilentDriverProvider.opening.await(10, TimeUnit.SECONDS)).isTrue();

    run.interrupt();
    RunResult result = running.get(10, TimeUnit.SECONDS);

    ResultSchema.assertValid(result);
    assertThat(result.ending().status()).isEqualTo(RunResult.INTERRUPTED);
    assertThat(result.ending().error()).isNull();
    assertThat(result.verdict().warnings())
        .extracting(Warning::message)
        .containsExactly(
            "NOT_STARTED: the run was interrupted while connecting (opening driver silent), before"
                + " it started sending: nothing was sent, and no send was due yet");
    SilentDriverProvider.answer.countDown();
    assertThat(SilentDriverProvider.closed.await(10, TimeUnit.SECONDS)).isTrue();
  }

  @Test
  void aRunInterruptedBeforeItBeganDoesNotConnect() throws Exception {
    BenchmarkRun run =
        BenchmarkRun.builder(Workload.builder().rate(1_000).build()).driver("silent").build();

    run.interrupt();
    RunResult result = runs.submit(run::run).get(10, TimeUnit.SECONDS);

    assertThat(result.ending().status()).isEqualTo(RunResult.INTERRUPTED);
    assertThat(result.verdict().warnings())
        .extracting(Warning::message)
        .containsExactly(
            "NOT_STARTED: the run was interrupted as it started, before it started sending:"
                + " nothing was sent, and no send was due yet");
    assertThat(SilentDriverProvider.opening.getCount()).as("the driver was not opened").isOne();
  }
}
