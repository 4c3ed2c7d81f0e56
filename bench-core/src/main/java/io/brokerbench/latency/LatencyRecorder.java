package io.brokerbench.latency;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.HdrHistogram.SingleWriterRecorder;

/**
 * Records one kind of latency from many threads and hands out interval histograms.
 *
 * <pre>{@code
 * LatencyRecorder recorder = new LatencyRecorder();
 * LatencyRecorder.Writer writer = recorder.exclusiveWriter(); // one per recording thread
 * writer.record(latencyNanos);                                // wait-free, no allocation
 * Histogram interval = recorder.intervalHistogram();          // reporter thread, per interval
 * }</pre>
 *
 * <p>Values are nanoseconds with 3 significant digits, from 1 ns to {@link #HIGHEST_NANOS}.
 * Negative values are counted and dropped; values above the range are clamped and counted.
 *
 * <p>Implementation notes: HdrHistogram's multi-writer {@link Recorder} costs about six atomic
 * operations per value; its {@link SingleWriterRecorder} two. So each producer and consumer gets an
 * {@linkplain #exclusiveWriter() exclusive writer} when a run has few of them, and the interval
 * histogram is the sum of the writers'. Each writer holds about 0.8 MB, so runs with many
 * participants share one {@linkplain #sharedWriter() multi-writer} instead.
 */
public final class LatencyRecorder {
  /** Largest value recorded as itself: one hour. */
  public static final long HIGHEST_NANOS = TimeUnit.HOURS.toNanos(1);

  /** Significant decimal digits kept. */
  public static final int SIGNIFICANT_DIGITS = 3;

  private final List<Writer> writers = new CopyOnWriteArrayList<>();
  private final LongAdder negative = new LongAdder();
  private final LongAdder clamped = new LongAdder();
  private final Histogram interval = newHistogram();
  private Writer shared;

  /** A writer for one thread at a time (a producer, or one consumer's delivery callbacks). */
  public Writer exclusiveWriter() {
    Writer writer = new Writer(new SingleWriterRecorder(1, HIGHEST_NANOS, SIGNIFICANT_DIGITS));
    writers.add(writer);
    return writer;
  }

  /** The writer any number of threads may use at once. */
  public synchronized Writer sharedWriter() {
    if (shared == null) {
      shared = new Writer(new Recorder(1, HIGHEST_NANOS, SIGNIFICANT_DIGITS));
      writers.add(shared);
    }
    return shared;
  }

  /** Records one value through the shared writer (for callers without a writer of their own). */
  public void record(long nanos) {
    sharedWriter().record(nanos);
  }

  /**
   * The values recorded by all writers since the previous call. The returned histogram is reused by
   * the next call: copy or consume it before calling again. Call from one thread only.
   */
  public synchronized Histogram intervalHistogram() {
    interval.reset();
    long start = Long.MAX_VALUE;
    long end = 0;
    for (Writer writer : writers) {
      Histogram h = writer.intervalHistogram();
      interval.add(h);
      start = Math.min(start, h.getStartTimeStamp());
      end = Math.max(end, h.getEndTimeStamp());
    }
    if (!writers.isEmpty()) {
      interval.setStartTimeStamp(start);
      interval.setEndTimeStamp(end);
    }
    return interval;
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

  /** Records into one underlying HdrHistogram recorder. */
  public final class Writer {
    private final SingleWriterRecorder single;
    private final Recorder concurrent;
    private Histogram recycled;

    private Writer(SingleWriterRecorder single) {
      this.single = single;
      this.concurrent = null;
    }

    private Writer(Recorder concurrent) {
      this.single = null;
      this.concurrent = concurrent;
    }

    /** Records one value in nanoseconds. Wait-free and allocation-free. */
    public void record(long nanos) {
      if (nanos >= 0 && nanos <= HIGHEST_NANOS) {
        recordInRange(nanos);
      } else {
        recordOutOfRange(nanos);
      }
    }

    private void recordInRange(long nanos) {
      if (single != null) {
        single.recordValue(nanos);
      } else {
        concurrent.recordValue(nanos);
      }
    }

    private void recordOutOfRange(long nanos) {
      if (nanos < 0) {
        negative.increment();
      } else {
        clamped.increment();
        recordInRange(HIGHEST_NANOS);
      }
    }

    private Histogram intervalHistogram() {
      recycled =
          single != null
              ? single.getIntervalHistogram(recycled)
              : concurrent.getIntervalHistogram(recycled);
      return recycled;
    }
  }
}
