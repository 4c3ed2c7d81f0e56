package io.brokerbench.latency;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.AtomicHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.WriterReaderPhaser;

/**
 * Records latencies from many threads and hands out interval histograms. One recorder records one
 * kind of latency, or two kinds that are always recorded together (the latency of a message from
 * its intended and from its actual send time): {@link Writer#record(long, long)} puts both values
 * in the same interval, so over any span the two histograms hold the same number of values.
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
 * Negative values (clocks that disagree) cannot be recorded as values: each is counted in a small
 * histogram of the same interval, so an interval's negative count belongs to exactly the interval
 * of its values.
 *
 * <p>Implementation notes: each writer is HdrHistogram's interval recorder pattern ({@code
 * SingleWriterRecorder}, {@code Recorder}) for several histograms at once: a {@link
 * WriterReaderPhaser} guards an active bank of histograms that the reader swaps with an inactive
 * one. An exclusive writer's bank holds plain histograms (two atomic operations per record, however
 * many values it records); the shared writer's holds {@link AtomicHistogram}s. Each producer and
 * consumer gets an {@linkplain #exclusiveWriter() exclusive writer} when a run has few of them, and
 * the interval histogram is the sum of the writers'. Each exclusive writer holds about 0.8 MB per
 * kind, so runs with many participants share one {@linkplain #sharedWriter() shared writer}.
 */
public final class LatencyRecorder {
  /** Largest value recorded as itself: one hour. */
  public static final long HIGHEST_NANOS = TimeUnit.HOURS.toNanos(1);

  /** Significant decimal digits kept. */
  public static final int SIGNIFICANT_DIGITS = 3;

  // Negative values are only counted: the coarsest precision keeps their histograms small.
  private static final int NEGATIVE_DIGITS = 0;

  private final int kinds;
  private final List<Writer> writers = new CopyOnWriteArrayList<>();
  private final Histogram[] interval;
  private final long[] intervalNegative;
  private Writer shared;

  /** A recorder of one kind of latency. */
  public LatencyRecorder() {
    this(1);
  }

  /**
   * A recorder of {@code kinds} kinds of latency recorded together (1 or 2).
   *
   * @throws IllegalArgumentException for another number
   */
  public LatencyRecorder(int kinds) {
    if (kinds < 1 || kinds > 2) {
      throw new IllegalArgumentException("a recorder records 1 or 2 kinds, not " + kinds);
    }
    this.kinds = kinds;
    this.interval = new Histogram[kinds];
    this.intervalNegative = new long[kinds];
    for (int k = 0; k < kinds; k++) {
      interval[k] = newHistogram();
    }
  }

  /** A writer for one thread at a time (a producer, or one consumer's delivery callbacks). */
  public Writer exclusiveWriter() {
    Writer writer = new Writer(false);
    writers.add(writer);
    return writer;
  }

  /** The writer any number of threads may use at once. */
  public synchronized Writer sharedWriter() {
    if (shared == null) {
      shared = new Writer(true);
      writers.add(shared);
    }
    return shared;
  }

  /** Records one value through the shared writer (for callers without a writer of their own). */
  public void record(long nanos) {
    sharedWriter().record(nanos);
  }

  /**
   * Ends the current interval of every kind: afterwards {@link #interval(int)} and {@link
   * #intervalNegativeCount(int)} hold the values recorded since the previous call. Call from one
   * thread only.
   */
  public synchronized void takeInterval() {
    for (int k = 0; k < kinds; k++) {
      interval[k].reset();
      intervalNegative[k] = 0;
    }
    long start = Long.MAX_VALUE;
    long end = 0;
    for (Writer writer : writers) {
      Histogram[] bank = writer.swap();
      for (int k = 0; k < kinds; k++) {
        interval[k].add(bank[k]);
        intervalNegative[k] += bank[kinds + k].getTotalCount();
      }
      start = Math.min(start, bank[0].getStartTimeStamp());
      end = Math.max(end, bank[0].getEndTimeStamp());
    }
    if (!writers.isEmpty()) {
      for (Histogram h : interval) {
        h.setStartTimeStamp(start);
        h.setEndTimeStamp(end);
      }
    }
  }

  /**
   * The values of kind {@code kind} (0, or 1 for the second of a pair) in the interval the last
   * {@link #takeInterval()} ended. Reused by the next call: copy or consume it before then.
   */
  public synchronized Histogram interval(int kind) {
    return interval[kind];
  }

  /**
   * Negative values of kind {@code kind} in the interval the last {@link #takeInterval()} ended.
   */
  public synchronized long intervalNegativeCount(int kind) {
    return intervalNegative[kind];
  }

  /**
   * Ends the current interval and returns the first kind's values in it (reused by the next call).
   */
  public synchronized Histogram intervalHistogram() {
    takeInterval();
    return interval[0];
  }

  /** Negative values of the first kind in the interval the last call ended. */
  public synchronized long intervalNegativeCount() {
    return intervalNegative[0];
  }

  /** Values of a histogram of this recorder's that were above the range and so clamped. */
  public static long clampedCount(Histogram histogram) {
    return histogram.getTotalCount() == 0 ? 0 : histogram.getCountAtValue(HIGHEST_NANOS);
  }

  /** An empty histogram with the recorders' range and precision. */
  public static Histogram newHistogram() {
    return new Histogram(1, HIGHEST_NANOS, SIGNIFICANT_DIGITS);
  }

  /** Records into one bank of histograms: the kinds' values, then their negative counts. */
  public final class Writer {
    private final WriterReaderPhaser phaser = new WriterReaderPhaser();
    private final boolean concurrent;
    private volatile Histogram[] active;
    private Histogram[] inactive;

    private Writer(boolean concurrent) {
      this.concurrent = concurrent;
      this.active = newBank();
      this.inactive = newBank();
    }

    private Histogram[] newBank() {
      Histogram[] bank = new Histogram[2 * kinds];
      for (int k = 0; k < bank.length; k++) {
        int digits = k < kinds ? SIGNIFICANT_DIGITS : NEGATIVE_DIGITS;
        bank[k] =
            concurrent
                ? new AtomicHistogram(1, HIGHEST_NANOS, digits)
                : new Histogram(1, HIGHEST_NANOS, digits);
      }
      return bank;
    }

    /** Records one value of the first kind, in nanoseconds. Wait-free and allocation-free. */
    public void record(long nanos) {
      long critical = phaser.writerCriticalSectionEnter();
      try {
        recordInto(active, 0, nanos);
      } finally {
        phaser.writerCriticalSectionExit(critical);
      }
    }

    /**
     * Records one value of each kind of a pair, in the same interval. Wait-free and
     * allocation-free.
     */
    public void record(long firstNanos, long secondNanos) {
      long critical = phaser.writerCriticalSectionEnter();
      try {
        Histogram[] bank = active;
        recordInto(bank, 0, firstNanos);
        recordInto(bank, 1, secondNanos);
      } finally {
        phaser.writerCriticalSectionExit(critical);
      }
    }

    private void recordInto(Histogram[] bank, int kind, long nanos) {
      if (nanos >= 0 && nanos <= HIGHEST_NANOS) {
        bank[kind].recordValue(nanos);
      } else {
        recordOutOfRange(bank, kind, nanos);
      }
    }

    private void recordOutOfRange(Histogram[] bank, int kind, long nanos) {
      if (nanos < 0) {
        bank[kinds + kind].recordValue(
            nanos == Long.MIN_VALUE ? HIGHEST_NANOS : Math.min(-nanos, HIGHEST_NANOS));
      } else {
        bank[kind].recordValue(HIGHEST_NANOS);
      }
    }

    /** Swaps the banks; returns the one holding the interval that just ended. Reader only. */
    private Histogram[] swap() {
      phaser.readerLock();
      try {
        for (Histogram h : inactive) {
          h.reset();
        }
        Histogram[] ended = active;
        long now = System.currentTimeMillis();
        inactive[0].setStartTimeStamp(now);
        active = inactive;
        inactive = ended;
        ended[0].setEndTimeStamp(now);
        // Waits until no write that began on the ended bank is still in flight.
        phaser.flipPhase(500_000L);
        return ended;
      } finally {
        phaser.readerUnlock();
      }
    }
  }
}
