package io.brokerbench.rocketmq;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.result.MessageCounts;
import io.brokerbench.result.RunResult;
import io.brokerbench.workload.Workload;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Retried sends are counted: the driver's own embedded broker stops in the middle of a run, so the
 * sends after it fail to connect and are sent again, and every message still ends exactly once.
 */
class RocketMqRetriesIT {

  @ParameterizedTest(name = "send-mode {0}")
  @ValueSource(strings = {"async", "sync"})
  @Timeout(value = 120, unit = TimeUnit.SECONDS)
  void sendsFailingAfterTheBrokerStoppedAreRetriedAndEndOnce(String sendMode) throws Exception {
    RocketMqDriver driver =
        (RocketMqDriver)
            new RocketMqDriverProvider().open(Map.of("send-mode", sendMode, "retries", "2"));
    try {
      RunResult result =
          BrokerStopDuringRun.run(
              driver,
              Workload.builder()
                  .destination("bb-retries-" + sendMode)
                  .consumers(0)
                  .messageBytes(128)
                  .rate(400)
                  .duration(Duration.ofSeconds(4))
                  // A sync producer has one send in flight: a larger window is refused.
                  .inFlightWindow(sendMode.equals("sync") ? 1 : 32)
                  // A bound, not a wait: the run ends once every send has its outcome. A busy
                  // machine kept the last sync send's outcome from coming within 10 s, and CI
                  // twice within 30 s (a sync send stuck in the client while the in-process
                  // broker shut down; cause not found).
                  .drainTimeout(Duration.ofSeconds(60))
                  .build());

      MessageCounts totals = result.figures().totals().counts();
      assertThat(totals.confirmed()).isPositive();
      assertThat(totals.notAccepted().failed()).isPositive();
      assertThat(totals.retried()).isPositive().isLessThanOrEqualTo(2 * totals.sent());
      assertThat(totals.unconfirmed())
          .as("%s: %s", result.ending().status(), result.ending().error())
          .isZero();
      assertThat(totals.confirmed() + totals.notAccepted().total()).isEqualTo(totals.sent());
    } finally {
      driver.close();
    }
  }
}
