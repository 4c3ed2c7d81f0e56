package io.brokerbench.jfr;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.BenchmarkRun;
import io.brokerbench.result.IntervalSample;
import io.brokerbench.result.LatencySummary;
import io.brokerbench.result.RunResult;
import io.brokerbench.threshold.Threshold;
import io.brokerbench.workload.Workload;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run under a flight recording leaves its events in it, as JDK Mission Control reads them. */
class FlightRecorderEventsTest {

  @Test
  void aRecordingHoldsTheRunItsIntervalsSlipNoticesAndThresholds(@TempDir Path dir)
      throws Exception {
    Path file = dir.resolve("run.jfr");
    RunResult result;
    try (Recording recording = new Recording()) {
      recording.enable("brokerbench.*");
      recording.start();
      // One send stalls 600 ms in a 2.5 s run at 2,000 msg/s: slip beyond a millisecond.
      result =
          BenchmarkRun.builder(
                  Workload.builder()
                      .rate(2_000)
                      .duration(Duration.ofMillis(2_500))
                      .warmup(Duration.ZERO)
                      .build())
              .driver("loopback", Map.of("stall-after", "1000", "stall-ms", "600"))
              .threshold(Threshold.parse("lost == 0"))
              .build()
              .run();
      recording.stop();
      recording.dump(file);
    }

    List<RecordedEvent> events = RecordingFile.readAllEvents(file);
    // A recording keeps events in per-thread buffers: not necessarily in the order they happened.
    List<RecordedEvent> intervals =
        named(events, "brokerbench.Interval").stream()
            .sorted(java.util.Comparator.comparing(RecordedEvent::getStartTime))
            .toList();
    assertThat(intervals).hasSameSizeAs(result.figures().intervals());
    for (int i = 0; i < intervals.size(); i++) {
      RecordedEvent e = intervals.get(i);
      IntervalSample sample = result.figures().intervals().get(i);
      assertThat(e.getInt("index")).isEqualTo(sample.index());
      assertThat(e.getDouble("sentPerSecond")).isEqualTo(sample.rates().sentPerSecond());
      // An interval in which nothing arrived (the stall, on a loaded machine) has no e2e: zero.
      LatencySummary e2e = sample.latency().get("e2e");
      assertThat(e.getDuration("e2eP99"))
          .isEqualTo(Duration.ofNanos(e2e == null ? 0 : (long) e2e.p99Micros() * 1_000));
      // Each spans its interval: it starts where the one before it ended.
      assertThat(e.getDuration()).isPositive();
      if (i > 0) {
        assertThat(e.getStartTime()).isAfterOrEqualTo(intervals.get(i - 1).getEndTime());
      }
    }
    assertThat(named(events, "brokerbench.ScheduleSlip"))
        .isNotEmpty()
        .anySatisfy(e -> assertThat(e.getDuration("max")).isGreaterThan(Duration.ofMillis(100)));
    RecordedEvent run = named(events, "brokerbench.Run").get(0);
    assertThat(run.getString("driver")).isEqualTo("loopback");
    assertThat(run.getString("status")).isEqualTo(RunResult.COMPLETED);
    assertThat(run.getLong("sent")).isEqualTo(result.figures().totals().counts().sent());
    assertThat(run.getLong("lost")).isZero();
    assertThat(run.getString("validity")).startsWith("suspect (").contains("SCHEDULE_SLIP");
    // The run's event spans its intervals'.
    assertThat(run.getStartTime()).isBeforeOrEqualTo(intervals.get(0).getStartTime());
    assertThat(run.getEndTime()).isAfterOrEqualTo(intervals.get(intervals.size() - 1).getEndTime());
    assertThat(named(events, "brokerbench.Threshold"))
        .singleElement()
        .satisfies(
            e -> {
              assertThat(e.getString("threshold")).isEqualTo("lost == 0");
              assertThat(e.getString("verdict")).isEqualTo("passed");
            });
  }

  private static List<RecordedEvent> named(List<RecordedEvent> events, String name) {
    return events.stream().filter(e -> e.getEventType().getName().equals(name)).toList();
  }
}
