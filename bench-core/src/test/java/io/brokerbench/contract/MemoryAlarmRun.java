package io.brokerbench.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.BenchmarkRun;
import io.brokerbench.report.ReportSink;
import io.brokerbench.result.ResultSchema;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.Warning;
import io.brokerbench.workload.Workload;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * A memory alarm on a private RabbitMQ node while a driver sends to it, the check the AMQP drivers
 * share: the broker stops taking messages, the run says so as it happens, counts the period with
 * its length, and still sends every message the schedule intended. The alarm goes on once the run
 * is confirming and off {@value #HELD_MILLIS} ms after the run announced it; the blocked length is
 * checked against what the test itself saw of the alarm (when each {@code rabbitmqctl} call started
 * and returned), never against a fixed schedule a loaded machine would miss.
 *
 * <pre>{@code
 * MemoryAlarmRun.check(node, "amqp091", Map.of("uri", node.uri()), "bb-flow-it", "low on memory");
 * }</pre>
 */
public final class MemoryAlarmRun {
  private static final long HELD_MILLIS = 2_000;
  private static final int RATE = 1_000;
  private static final Duration DURATION = Duration.ofSeconds(15);
  // Between rabbitmqctl returning and the client hearing of it; a loaded machine stays far below.
  private static final double NOTICE_MARGIN_SECONDS = 1.0;

  private MemoryAlarmRun() {}

  /**
   * Runs {@code driver} against {@code node} through one memory alarm and checks the result.
   *
   * @param reason the flow-control reason the driver gives for the alarm
   */
  public static void check(
      PrivateRabbitMqNode node,
      String driver,
      Map<String, String> options,
      String destination,
      String reason)
      throws Exception {
    List<String> notices = new CopyOnWriteArrayList<>();
    RunProgress progress = new RunProgress();
    BenchmarkRun run =
        BenchmarkRun.builder(
                Workload.builder()
                    .producers(1)
                    .consumers(1)
                    .destination(destination)
                    .rate(RATE)
                    .duration(DURATION)
                    // Every send of the schedule in the totals, checked below.
                    .warmup(Duration.ZERO)
                    .inFlightWindow(100)
                    .drainTimeout(Duration.ofSeconds(10))
                    .build())
            .driver(driver, options)
            .sink(progress)
            .sink(
                new ReportSink() {
                  @Override
                  public void notice(String message) {
                    notices.add(message);
                  }
                })
            .build();
    CompletableFuture<RunResult> running =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                return run.run();
              } catch (Exception e) {
                throw new IllegalStateException(e);
              }
            });
    long onStart;
    long announced;
    long offStart;
    long offEnd;
    try {
      progress.awaitConfirmedInterval(Duration.ofSeconds(30));
      onStart = System.nanoTime();
      assertThat(node.memoryAlarm(true)).isZero();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
      while (notices.isEmpty()) {
        assertThat(System.nanoTime()).as("BLOCKED announced within 20 s").isLessThan(deadline);
        Thread.sleep(10);
      }
      announced = System.nanoTime();
      Thread.sleep(HELD_MILLIS);
    } finally {
      offStart = System.nanoTime();
      node.memoryAlarm(false);
      offEnd = System.nanoTime();
    }
    RunResult result = running.get(DURATION.toSeconds() + 60, TimeUnit.SECONDS);

    ResultSchema.assertValid(result);
    assertThat(result.completed()).as(result.error()).isTrue();
    assertThat(result.flowControl().periods()).isEqualTo(1);
    // Blocked no earlier than the alarm went on and announced no later than it was seen; unblocked
    // no earlier than the alarm went off and no later than just after it was cleared.
    assertThat(result.flowControl().blockedSeconds())
        .isBetween((offStart - announced) / 1e9, (offEnd - onStart) / 1e9 + NOTICE_MARGIN_SECONDS);
    assertThat(result.flowControl().reasons()).containsExactly(reason);
    assertThat(result.warned(Warning.FLOW_CONTROL)).isTrue();
    assertThat(notices)
        .containsExactly(
            "BLOCKED: the broker stopped taking messages (" + reason + ")", notices.get(1))
        .element(1)
        .asString()
        .startsWith("UNBLOCKED: the broker takes messages again after ");
    // Open loop: the outage shows as latency from the intended send time; nothing is lost.
    assertThat(result.latency().get("e2e").maxMicros()).isGreaterThan(HELD_MILLIS * 1_000);
    assertThat(result.totals().counts().sent()).isEqualTo(RATE * DURATION.toSeconds());
    assertThat(result.integrity().lost()).isZero();
  }
}
