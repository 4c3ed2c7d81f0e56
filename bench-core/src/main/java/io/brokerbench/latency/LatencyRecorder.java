package io.brokerbench.latency;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
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
 * <p>Values are nanoseconds with 3 significant digits, from 1 ns to {@link #HIGHEST_NANOS}. Values
 * above the range are recorded as {@link #HIGHEST_NANOS} ({@link #clampedCount} finds them).
 * Negative values (clocks that disagree) cannot be recorded: each writer counts them in a small
 * recorder of its own that flips with the values, so an interval's negative count belongs to
 * exactly the same interval as its values.
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

  // Negative values are only counted: the coarsest precision keeps their recorders small.
  private static final int NEGATIVE_DIGITS = 0;

  private final List<Writer> writers = new CopyOnWriteArrayList<>();
  private final Histogram interval = newHistogram();
  private long intervalNegative;
  private Writer shared;

  /** A writer for one thread at a time (a producer, or one consumer's delivery callbacks). */
  public Writer exclusiveWriter() {
    Writer writer =
        new Writer(
            IntervalRecorder.singleWriter(SIGNIFICANT_DIGITS),
            IntervalRecorder.singleWriter(NEGATIVE_DIGITS));
    writers.add(writer);
    return writer;
  }

  /** The writer any number of threads may use at once. */
  public synchronized Writer sharedWriter() {
    if (shared == null) {
      shared =
          new Writer(
              IntervalRecorder.multiWriter(SIGNIFICANT_DIGITS),
              IntervalRecorder.multiWriter(NEGATIVE_DIGITS));
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
    intervalNegative = 0;
    long start = Long.MAX_VALUE;
    long end = 0;
    for (Writer writer : writers) {
      Histogram h = writer.intervalHistogram();
      intervalNegative += writer.intervalNegativeCount();
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

  /** Negative values in the interval the last {@link #intervalHistogram()} call returned. */
  public synchronized long intervalNegativeCount() {
    return intervalNegative;
  }

  /** Values of a histogram of this recorder's that were above the range and so clamped. */
  public static long clampedCount(Histogram histogram) {
    return histogram.getTotalCount() == 0 ? 0 : histogram.getCountAtValue(HIGHEST_NANOS);
  }

  /** An empty histogram with the recorders' range and precision. */
  public static Histogram newHistogram() {
    return new Histogram(1, HIGHEST_NANOS, SIGNIFICANT_DIGITS);
  }

  /** Records into one underlying HdrHistogram recorder (and one for negative values). */
  public final class Writer {
    private final IntervalRecorder values;
    private final IntervalRecorder negatives;
    private Histogram recycled;
    private Histogram recycledNegatives;

    private Writer(IntervalRecorder values, IntervalRecorder negatives) {
      this.values = values;
      this.negatives = negatives;
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
      values.recordValue(nanos);
    }

    private void recordOutOfRange(long nanos) {
      if (nanos < 0) {
        negatives.recordValue(
            nanos == Long.MIN_VALUE ? HIGHEST_NANOS : Math.min(-nanos, HIGHEST_NANOS));
      } else {
        recordInRange(HIGHEST_NANOS);
      }
    }

    private Histogram intervalHistogram() {
      recycled = values.intervalHistogram(recycled);
      return recycled;
    }

    private long intervalNegativeCount() {
      recycledNegatives = negatives.intervalHistogram(recycledNegatives);
      return recycledNegatives.getTotalCount();
    }
  }

  /**
   * HdrHistogram's two interval recorders behind one interface, chosen at construction: the
   * single-writer one (two atomic operations per value) or the multi-writer one (about six).
   */
  private interface IntervalRecorder {
    void recordValue(long nanos);

    Histogram intervalHistogram(Histogram recycled);

    static IntervalRecorder singleWriter(int digits) {
      SingleWriterRecorder r = new SingleWriterRecorder(1, HIGHEST_NANOS, digits);
      return new IntervalRecorder() {
        @Override
        public void recordValue(long nanos) {
          r.recordValue(nanos);
        }

        @Override
        public Histogram intervalHistogram(Histogram recycled) {
          return r.getIntervalHistogram(recycled);
        }
      };
    }

    static IntervalRecorder multiWriter(int digits) {
      Recorder r = new Recorder(1, HIGHEST_NANOS, digits);
      return new IntervalRecorder() {
        @Override
        public void recordValue(long nanos) {
          r.recordValue(nanos);
        }

        @Override
        public Histogram intervalHistogram(Histogram recycled) {
          return r.getIntervalHistogram(recycled);
        }
      };
    }
  }
}
