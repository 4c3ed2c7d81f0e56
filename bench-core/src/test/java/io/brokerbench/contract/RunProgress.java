package io.brokerbench.contract;

import io.brokerbench.latency.LatencyHistograms;
import io.brokerbench.report.ReportSink;
import io.brokerbench.result.IntervalSample;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A sink that tells a test when the run it watches is under way, so the test injects its fault then
 * rather than after a sleep standing for "long enough".
 *
 * <pre>{@code
 * RunProgress progress = new RunProgress();
 * CompletableFuture<RunResult> run = CompletableFuture.supplyAsync(() -> builder.sink(progress)...run());
 * progress.awaitConfirmedInterval(Duration.ofSeconds(30));
 * broker.close();
 * }</pre>
 */
public final class RunProgress implements ReportSink {
  private final CountDownLatch confirmedOrReceived = new CountDownLatch(1);

  @Override
  public void interval(IntervalSample sample, LatencyHistograms histograms) {
    if (sample.counts().confirmed() > 0 || sample.counts().received() > 0) {
      confirmedOrReceived.countDown();
    }
  }

  /**
   * Waits until an interval closed in which the broker confirmed or delivered messages.
   *
   * @throws AssertionError when none did within {@code timeout}
   */
  public void awaitConfirmedInterval(Duration timeout) throws InterruptedException {
    if (!confirmedOrReceived.await(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
      throw new AssertionError("no interval with messages confirmed or received within " + timeout);
    }
  }
}
