package io.brokerbench;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.loopback.LoopbackDriver;
import io.brokerbench.loopback.LoopbackOptions;
import io.brokerbench.rate.NanoClock;
import io.brokerbench.report.ReportSink;
import io.brokerbench.result.Environment;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.WorkloadSummary;
import io.brokerbench.workload.Workload;
import org.junit.jupiter.api.Test;

/**
 * A run whose own thread is interrupted (a test framework's timeout, an executor shut down) ends
 * early and says so: it is interrupted, not completed with part of its messages never sent.
 */
class InterruptedThreadTest {

  @Test
  void aRunWhoseThreadIsInterruptedEndsAsInterrupted() throws Exception {
    Workload workload =
        Workload.builder().rate(1_000).messagesPerProducer(1_000_000).duration(null).build();
    ReportSink interruptsTheRunThread =
        new ReportSink() {
          @Override
          public void started(Environment environment, WorkloadSummary summary) {
            Thread.currentThread().interrupt();
          }
        };

    RunResult result =
        BenchmarkRun.builder(workload)
            .driver(new LoopbackDriver(LoopbackOptions.DEFAULTS, NanoClock.system()))
            .sink(interruptsTheRunThread)
            .build()
            .run();
    Thread.interrupted();

    assertThat(result.ending().status()).isEqualTo("interrupted");
    assertThat(result.figures().totals().counts().sent()).isLessThan(1_000_000);
    assertThat(result.figures().integrity().lost()).isZero();
  }
}
