package io.brokerbench.internal.measure;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.latency.LatencyKind;
import io.brokerbench.latency.LatencyRecorder;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The pause detector on a made-up time: each stall it is shown is recorded as it was. */
class PauseDetectorTest {
  private static final long MS = 1_000_000;

  @Test
  void aWakeUpLaterThanTheTickIsRecordedAsAStallOfThatLength() {
    long[] now = {0};
    int[] ticks = {0};
    LatencyRecorder recorder = new LatencyRecorder();
    // Every sleep takes its tick, the fifth 50 ms more: a GC pause.
    PauseDetector detector =
        new PauseDetector(
            () -> now[0],
            nanos -> now[0] += nanos + (++ticks[0] == 5 ? 50 * MS : 0),
            recorder.exclusiveWriter());

    for (int i = 0; i < 10; i++) {
      detector.tick();
    }

    recorder.takeInterval();
    Histogram stalls = recorder.interval(0);
    assertThat(stalls.getTotalCount()).isEqualTo(10);
    assertThat(stalls.getCountAtValue(0)).isEqualTo(9);
    assertThat(stalls.getMaxValue()).isEqualTo(stalls.highestEquivalentValue(50 * MS));
    assertThat(LatencyKind.PAUSE_TICK_NANOS).isEqualTo(10 * MS);
  }
}
