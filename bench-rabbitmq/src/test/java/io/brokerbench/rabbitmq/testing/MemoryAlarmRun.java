package io.brokerbench.rabbitmq.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.brokerbench.BenchmarkRun;
import io.brokerbench.contract.RunProgress;
import io.brokerbench.report.ReportSink;
import io.brokerbench.result.ResultSchema;
import io.brokerbench.result.RunResult;
import io.brokerbench.result.TestResults;
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
 * its length, and accounts for every message the schedule intended (sent, or counted unsent). The
 * alarm is {@linkplain ArmedFault armed} before the run, fired once the run is confirming, and
 * cleared by the broker itself {@value #HELD_MILLIS} ms later; the blocked length the run reports
 * is checked against how long the broker held the alarm by its own clock.
 *
 * <pre>{@code
 * MemoryAlarmRun.check(node, "amqp091", Map.of("uri", node.uri()), "bb-flow-it", "low on memory",
 *     Duration.ZERO);
 * }</pre>
 */
public final class MemoryAlarmRun {
  private static final long HELD_MILLIS = 2_000;
  private static final int RATE = 1_000;
  private static final Duration DURATION = Duration.ofSeconds(15);
  // Between the broker changing the alarm and the client hearing of it; a loaded machine stays far
  // below.
  private static final double NOTICE_MARGIN_SECONDS = 1.0;
  // Between the broker changing the alarm and its connections obeying it: milliseconds.
  private static final long APPLY_MARGIN_MILLIS = 100;

  private MemoryAlarmRun() {}

  /**
   * Runs {@code driver} against {@code node} through one memory alarm and checks the result.
   *
   * @param reason the flow-control reason the driver gives for the alarm
   * @param noticedAfter how long the driver waits before it calls a silence a block (AMQP 1.0: a
   *     second without credit), which its blocked length leaves out
   */
  public static void check(
      PrivateRabbitMqNode node,
      String driver,
      Map<String, String> options,
      String destination,
      String reason,
      Duration noticedAfter)
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
    ArmedFault alarm = node.armMemoryAlarm(HELD_MILLIS);
    CompletableFuture<RunResult> running =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                return run.run();
              } catch (Exception e) {
                throw new IllegalStateException(e);
              }
            });
    RunResult result;
    long heldMillis;
    try {
      progress.awaitConfirmedInterval(Duration.ofSeconds(30));
      alarm.fire();
      result = running.get(DURATION.toSeconds() + 60, TimeUnit.SECONDS);
      heldMillis = node.memoryAlarmHeldMillis();
    } finally {
      node.memoryAlarm(false);
    }

    ResultSchema.assertValid(result);
    assertThat(result.completed()).as(result.ending().error()).isTrue();
    assertThat(result.extras().flowControl().periods()).isEqualTo(1);
    assertThat(heldMillis).as("the broker's alarm went on and off").isPositive();
    // As long as the broker held the alarm, less the driver's own wait before it calls it a block,
    // give or take how late the client heard of each change.
    assertThat(result.extras().flowControl().blockedSeconds())
        .isCloseTo((heldMillis - noticedAfter.toMillis()) / 1e3, within(NOTICE_MARGIN_SECONDS));
    assertThat(result.extras().flowControl().reasons()).containsExactly(reason);
    assertThat(result.warned(Warning.FLOW_CONTROL)).isTrue();
    assertThat(notices)
        .containsExactly(
            "BLOCKED: the broker stopped taking messages (" + reason + ")", notices.get(1))
        .element(1)
        .asString()
        .startsWith("UNBLOCKED: the broker takes messages again after ");
    // Open loop: the outage shows as latency from the intended send time; nothing is lost. The
    // sends held back wait as long as the broker held the alarm, by its clock, give or take how
    // soon it applied each change to the connection: not the nominal length (CI saw 1.996 s
    // against 2 s), nor the client's view of the block (2.012 s against a 2.006 s max), whose
    // notices can come later than the messages.
    assertThat(result.figures().latency().get("e2e").maxMicros())
        .isGreaterThan((heldMillis - APPLY_MARGIN_MILLIS) * 1_000.0);
    // Every intended send left or is counted as unsent: whether the sends the alarm held back all
    // caught up before the end is the machine's speed (under a CPU hog and a three-node cluster
    // beside it, AMQP 1.0 had 841 of 15,000 left), not the code's.
    assertThat(result.figures().totals().counts().sent() + TestResults.unsent(result))
        .isEqualTo(RATE * DURATION.toSeconds());
    assertThat(result.figures().integrity().lost()).isZero();
    // The sends held back for about 2 s of the 15 are an eighth of the schedule: the run says its
    // latency from intended send is partly that wait, not the broker's delivery.
    assertThat(result.validity().reasons())
        .extracting(Warning::code)
        .contains(Warning.SCHEDULE_SLIP);
  }
}
