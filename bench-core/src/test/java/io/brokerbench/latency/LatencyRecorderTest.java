package io.brokerbench.latency;

import static org.assertj.core.api.Assertions.assertThat;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class LatencyRecorderTest {
  @Test
  void outOfRangeValuesAreCountedNeverACrash() {
    LatencyRecorder recorder = new LatencyRecorder();
    recorder.record(-1);
    recorder.record(Long.MAX_VALUE);
    recorder.record(1_000);

    Histogram h = recorder.intervalHistogram();
    assertThat(recorder.intervalNegativeCount()).isEqualTo(1);
    assertThat(LatencyRecorder.clampedCount(h)).isEqualTo(1);
    assertThat(h.getTotalCount()).isEqualTo(2);
    assertThat(h.getMaxValue()).isEqualTo(h.highestEquivalentValue(LatencyRecorder.HIGHEST_NANOS));
  }

  @Test
  void negativeValuesBelongToTheIntervalTheyWereRecordedIn() {
    LatencyRecorder recorder = new LatencyRecorder();
    LatencyRecorder.Writer exclusive = recorder.exclusiveWriter();
    exclusive.record(-5);
    recorder.record(-7);
    recorder.intervalHistogram();
    assertThat(recorder.intervalNegativeCount()).isEqualTo(2);

    exclusive.record(3);
    recorder.intervalHistogram();
    assertThat(recorder.intervalNegativeCount()).isZero();
  }

  @Test
  void intervalHistogramsHoldOnlyTheirInterval() {
    LatencyRecorder recorder = new LatencyRecorder();
    recorder.record(5_000);
    assertThat(recorder.intervalHistogram().getTotalCount()).isEqualTo(1);
    recorder.record(7_000);
    recorder.record(9_000);

    assertThat(recorder.intervalHistogram().getTotalCount()).isEqualTo(2);
  }
}
