package io.brokerbench.rocketmq;

import io.brokerbench.BenchmarkRun;
import io.brokerbench.report.ReportSink;
import io.brokerbench.result.Environment;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.WorkloadSummary;
import io.brokerbench.workload.Workload;
import java.time.Duration;

/** Runs a workload on a driver's embedded broker and stops that broker a while into the run. */
final class BrokerStopDuringRun {
  private BrokerStopDuringRun() {}

  /**
   * Runs {@code workload}, stopping the driver's embedded broker {@code after} the run started.
   *
   * @return the run's result, once the broker has stopped
   */
  static RunResult run(RocketMqDriver driver, Workload workload, Duration after) throws Exception {
    Thread stopper =
        new Thread(
            () -> {
              try {
                Thread.sleep(after.toMillis());
              } catch (InterruptedException e) {
                return;
              }
              driver.embeddedBroker().close();
            });
    RunResult result =
        BenchmarkRun.builder(workload)
            .driver(driver)
            .sink(
                new ReportSink() {
                  @Override
                  public void started(Environment environment, WorkloadSummary summary) {
                    stopper.start();
                  }
                })
            .build()
            .run();
    stopper.join();
    return result;
  }
}
