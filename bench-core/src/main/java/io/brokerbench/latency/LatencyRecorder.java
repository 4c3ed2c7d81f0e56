package io.brokerbench.latency;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Records one kind of latency from any number of threads and hands out interval histograms.
 *
 * <pre>{@code
 * LatencyRecorder recorder = new LatencyRecorder();
 * recorder.record(latencyNanos);                     // any thread, wait-free, no allocation
 * Histogram interval = recorder.intervalHistogram(); // reporter thread, once per interval
 * }</pre>
 *
 * <p>Values are nanoseconds with 3 significant digits, from 1 ns to {@link #HIGHEST_NANOS}.
 * Negative values are counted and dropped; values above the range are clamped and counted.
 */
public final class LatencyRecorder {
  /** Largest value recorded as itself: one hour. */
  public static final long HIGHEST_NANOS = TimeUnit.HOURS.toNanos(1);

  /** Significant decimal digits kept. */
  public static final int SIGNIFICANT_DIGITS = 3;

  private final Recorder recorder = new Recorder(1, HIGHEST_NANOS, SIGNIFICANT_DIGITS);
  private final LongAdder negative = new LongAdder();
  private final LongAdder clamped = new LongAdder();
  private Histogram recycled;

  /** Records one value in nanoseconds. Wait-free and allocation-free. */
  public void record(long nanos) {
    if (nanos >= 0 && nanos <= HIGHEST_NANOS) {
      recorder.recordValue(nanos);
    } else {
      recordOutOfRange(nanos);
    }
  }

  private void recordOutOfRange(long nanos) {
    if (nanos < 0) {
      negative.increment();
    } else {
      clamped.increment();
      recorder.recordValue(HIGHEST_NANOS);
    }
  }

  /**
   * The values recorded since the previous call. The returned histogram is reused by the next call:
   * copy or consume it before calling again. Call from one thread only.
   */
  public Histogram intervalHistogram() {
    recycled = recorder.getIntervalHistogram(recycled);
    return recycled;
  }

  /** Negative values seen so far (dropped). */
  public long negativeCount() {
    return negative.sum();
  }

  /** Values above {@link #HIGHEST_NANOS} seen so far (recorded as the highest value). */
  public long clampedCount() {
    return clamped.sum();
  }

  /** An empty histogram with the recorders' range and precision. */
  public static Histogram newHistogram() {
    return new Histogram(1, HIGHEST_NANOS, SIGNIFICANT_DIGITS);
  }
}
