package io.brokerbench.amqp10;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.BenchmarkRun;
import io.brokerbench.contract.PrivateRabbitMqNode;
import io.brokerbench.report.ReportSink;
import io.brokerbench.result.ResultSchema;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.Warning;
import io.brokerbench.workload.Workload;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ScheduledExecutorService;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A memory alarm on a private RabbitMQ node (4.0.5 from {@code scripts/rabbitmq4.sh}, never the
 * machine's own): the broker stops granting the AMQP 1.0 sender link credit for a few seconds, and
 * the run says so as it happens, counts it with its length, and still sends every message.
 */
class Amqp10FlowControlIT {
  private static PrivateRabbitMqNode node;

  @BeforeAll
  static void startNode() throws Exception {
    node = PrivateRabbitMqNode.start("bb-flow-it-10", 5693);
  }

  @AfterAll
  static void stopNode() throws Exception {
    if (node != null) {
      node.close();
    }
  }

  @Test
  void creditWithheldInAMemoryAlarmIsReportedLiveCountedWithItsLengthAndNothingIsLost()
      throws Exception {
    List<String> notices = new CopyOnWriteArrayList<>();
    // On about 1 s after sending starts (about 1 s after the run is built), off 2.5 s later.
    ScheduledExecutorService alarm =
        node.memoryAlarm(Duration.ofSeconds(2), Duration.ofMillis(4_500));
    try {
      RunResult result =
          BenchmarkRun.builder(
                  Workload.builder()
                      .producers(1)
                      .consumers(1)
                      .destination("bb-flow-it-10")
                      .rate(1_000)
                      .duration(Duration.ofSeconds(7))
                      .inFlightWindow(100)
                      .drainTimeout(Duration.ofSeconds(10))
                      .build())
              .driver(
                  "amqp10",
                  Map.of("url", node.uri(), "address", "/queues/%s", "delete-queues", "true"))
              .sink(
                  new ReportSink() {
                    @Override
                    public void notice(String message) {
                      notices.add(message);
                    }
                  })
              .build()
              .run();

      ResultSchema.assertValid(result);
      assertThat(result.completed()).as(result.error()).isTrue();
      assertThat(result.flowControl().periods()).isEqualTo(1);
      assertThat(result.flowControl().blockedSeconds()).isBetween(1.0, 5.0);
      assertThat(result.flowControl().reasons()).containsExactly(CreditStarvation.REASON);
      assertThat(result.warned(Warning.FLOW_CONTROL)).isTrue();
      assertThat(notices)
          .containsExactly(
              "BLOCKED: the broker stopped taking messages (" + CreditStarvation.REASON + ")",
              notices.get(1))
          .element(1)
          .asString()
          .startsWith("UNBLOCKED: the broker takes messages again after ");
      // Open loop: the outage shows as latency from the intended send time; nothing is lost.
      assertThat(result.latency().get("e2e").maxMicros()).isGreaterThan(1_000_000);
      assertThat(result.totals().counts().sent()).isEqualTo(7_000);
      assertThat(result.integrity().lost()).isZero();
    } finally {
      alarm.shutdownNow();
    }
  }
}
