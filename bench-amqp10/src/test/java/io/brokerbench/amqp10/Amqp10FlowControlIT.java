package io.brokerbench.amqp10;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.BenchmarkRun;
import io.brokerbench.contract.RequiredBroker;
import io.brokerbench.report.ReportSink;
import io.brokerbench.result.ResultSchema;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.Warning;
import io.brokerbench.workload.Workload;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A memory alarm on a private RabbitMQ node (4.0.5 from {@code scripts/rabbitmq4.sh}, never the
 * machine's own): the broker stops granting the AMQP 1.0 sender link credit for a few seconds, and
 * the run says so as it happens, counts it with its length, and still sends every message.
 */
class Amqp10FlowControlIT {
  private static final Path SCRIPT = Path.of("../scripts/rabbitmq4.sh");
  private static final String NODE = "bb-flow-it-10";
  private static final int PORT = 5693;

  @BeforeAll
  static void startNode() throws Exception {
    Path prepared =
        Path.of(System.getProperty("user.home"), ".cache/brokerbench/rabbitmq-4.0.5/.prepared");
    RequiredBroker.require(
        Files.exists(prepared), "RabbitMQ 4.0.5 prepared by scripts/rabbitmq4.sh prepare");
    script("stop", NODE);
    assertThat(script("start", NODE, String.valueOf(PORT))).as("node started").isZero();
  }

  @AfterAll
  static void stopNode() throws Exception {
    script("stop", NODE);
  }

  private static int script(String... args) throws Exception {
    List<String> command = new java.util.ArrayList<>(List.of(SCRIPT.toString()));
    command.addAll(List.of(args));
    Process p = new ProcessBuilder(command).inheritIO().start();
    if (!p.waitFor(150, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      return -1;
    }
    return p.exitValue();
  }

  @Test
  void creditWithheldInAMemoryAlarmIsReportedLiveCountedWithItsLengthAndNothingIsLost()
      throws Exception {
    List<String> notices = new CopyOnWriteArrayList<>();
    ScheduledExecutorService alarm = Executors.newSingleThreadScheduledExecutor();
    try {
      // On 1 s after sending starts (about 1 s after the run is built), off 2.5 s later.
      alarm.schedule(
          () -> script("ctl", NODE, "set_vm_memory_high_watermark", "absolute", "1"),
          2,
          TimeUnit.SECONDS);
      alarm.schedule(
          () -> script("ctl", NODE, "set_vm_memory_high_watermark", "0.4"),
          4500,
          TimeUnit.MILLISECONDS);
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
                  Map.of(
                      "url",
                      "amqp://guest:guest@127.0.0.1:" + PORT,
                      "address",
                      "/queues/%s",
                      "delete-queues",
                      "true"))
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
