package io.brokerbench.rocketmq;

import io.brokerbench.BenchmarkRun;
import io.brokerbench.contract.RunProgress;
import io.brokerbench.result.RunResult;
import io.brokerbench.workload.Workload;
import java.time.Duration;

/**
 * Runs a workload on a driver's embedded broker and stops that broker once the run is confirming.
 */
final class BrokerStopDuringRun {
  private BrokerStopDuringRun() {}

  /**
   * Runs {@code workload}, stopping the driver's embedded broker once an interval with messages
   * confirmed closed (so the run sent through a working broker before it went away).
   *
   * @return the run's result, once the broker has stopped
   */
  static RunResult run(RocketMqDriver driver, Workload workload) throws Exception {
    RunProgress progress = new RunProgress();
    Thread stopper =
        new Thread(
            () -> {
              try {
                progress.awaitConfirmedInterval(Duration.ofSeconds(60));
              } catch (InterruptedException e) {
                return;
              }
              driver.embeddedBroker().close();
            });
    stopper.start();
    try {
      return BenchmarkRun.builder(workload).driver(driver).sink(progress).build().run();
    } finally {
      stopper.join();
    }
  }
}
