package io.brokerbench.integrity;

import io.brokerbench.latency.PayloadStamp;
import java.util.Arrays;

/**
 * Tracks the sequence numbers received from one producer.
 *
 * <pre>{@code
 * SequenceTracker tracker = new SequenceTracker(false);
 * tracker.record(PayloadStamp.sequence24(body, 0), redelivered);
 * long lost = tracker.lost(acceptedBySender);
 * }</pre>
 *
 * <p>Implementation notes: a ring of {@link #WINDOW} bits marks which of the most recent numbers
 * below the highest seen have arrived. Advancing the highest number clears the bits it passes. A
 * number older than the window cannot be checked against the bitmap; it is counted as a late,
 * unique arrival (and in {@link #beyondWindow()}).
 *
 * <p>A tracker read by one consumer thread needs no lock. When several consumers share a
 * destination (competing consumers), construct it {@code shared}: updates then synchronize on the
 * tracker.
 */
public final class SequenceTracker {
  /** How many recent sequence numbers the duplicate check covers. */
  public static final int WINDOW = 1 << 16;

  private static final int WORDS = WINDOW / 64;

  private final boolean shared;
  private final long[] bits = new long[WORDS];
  private long highest = -1;
  private long unique;
  private long gaps;
  private long duplicates;
  private long redelivered;
  private long outOfOrder;
  private long beyondWindow;

  /**
   * A tracker.
   *
   * @param shared true when several threads record into it
   */
  public SequenceTracker(boolean shared) {
    this.shared = shared;
  }

  /** Records one received sequence number given as its low 24 bits. */
  public void record(int sequence24, boolean redeliveredFlag) {
    if (shared) {
      synchronized (this) {
        recordUnsynchronized(sequence24, redeliveredFlag);
      }
    } else {
      recordUnsynchronized(sequence24, redeliveredFlag);
    }
  }

  private void recordUnsynchronized(int sequence24, boolean redeliveredFlag) {
    long sequence = PayloadStamp.unwrapSequence(sequence24, Math.max(highest, 0));
    if (sequence > highest) {
      advanceTo(sequence);
    } else if (highest - sequence < WINDOW) {
      recordBelowHighest(sequence, redeliveredFlag);
    } else {
      recordBeyondWindow();
    }
  }

  private void advanceTo(long sequence) {
    long gap = sequence - highest - 1;
    if (gap >= WINDOW) {
      Arrays.fill(bits, 0L);
    } else {
      for (long s = highest + 1; s < sequence; s++) {
        clear(s);
      }
    }
    gaps += gap;
    set(sequence);
    highest = sequence;
    unique++;
  }

  private void recordBelowHighest(long sequence, boolean redeliveredFlag) {
    if (isSet(sequence)) {
      if (redeliveredFlag) {
        redelivered++;
      } else {
        duplicates++;
      }
    } else {
      set(sequence);
      unique++;
      gaps--;
      outOfOrder++;
    }
  }

  private void recordBeyondWindow() {
    beyondWindow++;
    unique++;
    gaps--;
    outOfOrder++;
  }

  private void set(long sequence) {
    bits[(int) (sequence >>> 6) & (WORDS - 1)] |= 1L << sequence;
  }

  private void clear(long sequence) {
    bits[(int) (sequence >>> 6) & (WORDS - 1)] &= ~(1L << sequence);
  }

  private boolean isSet(long sequence) {
    return (bits[(int) (sequence >>> 6) & (WORDS - 1)] & 1L << sequence) != 0;
  }

  /**
   * True when this sequence number arrived, as far as the duplicate check's window still covers it
   * (numbers more than {@link #WINDOW} below the highest are reported as not arrived).
   */
  public synchronized boolean arrived(long sequence) {
    return sequence <= highest && highest - sequence < WINDOW && isSet(sequence);
  }

  /** Highest sequence number seen, or -1. */
  public synchronized long highest() {
    return highest;
  }

  /** Distinct sequence numbers received. */
  public synchronized long unique() {
    return unique;
  }

  /** Received again without a redelivery flag. */
  public synchronized long duplicates() {
    return duplicates;
  }

  /** Received again with a redelivery flag. */
  public synchronized long redelivered() {
    return redelivered;
  }

  /** Received after a higher number. */
  public synchronized long outOfOrder() {
    return outOfOrder;
  }

  /** Received so late that the duplicate check could not cover them. */
  public synchronized long beyondWindow() {
    return beyondWindow;
  }

  /** Numbers below the highest seen that have not arrived. */
  public synchronized long gaps() {
    return gaps;
  }

  /**
   * Messages lost, given how many the sender had accepted by the broker. Without a sender count
   * (another process), pass -1 to count only the gaps below the highest number seen.
   */
  public synchronized long lost(long acceptedBySender) {
    if (acceptedBySender < 0) {
      return gaps;
    }
    return Math.max(0, acceptedBySender - unique);
  }
}
