package io.brokerbench.latency;

import java.util.Arrays;
import java.util.EnumMap;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * The latency values of a span of a run, one histogram per {@link LatencyKind} plus the count of
 * values below zero that no histogram can hold. Spans add up exactly ({@link #add}, {@link #plus}):
 * the histograms of a run's rate step are the sum of its intervals', and those of a workload split
 * over several processes the sum of the processes'.
 *
 * <pre>{@code
 * LatencyHistograms total = LatencyHistograms.empty();
 * total.add(shardA);
 * total.add(shardB);
 * long p99 = total.histogram(LatencyKind.END_TO_END).getValueAtPercentile(99);
 * }</pre>
 *
 * <p>Mutable: {@link #add} and {@link #subtract} change this object; {@link #plus} and {@link
 * #minus} return a new one. A kind's histogram is made when it first gets values or is asked for:
 * each covers an hour in nanoseconds at 3 digits (270 KB), and a run holds several sets of them
 * while it uses only a few of the kinds, so making all of them up front was most of a short run's
 * allocation and garbage-collection work at start-up.
 */
public final class LatencyHistograms {
  private final Map<LatencyKind, Histogram> histograms = new EnumMap<>(LatencyKind.class);
  private final long[] negative = new long[LatencyKind.values().length];

  private LatencyHistograms() {}

  /** No values. */
  public static LatencyHistograms empty() {
    return new LatencyHistograms();
  }

  /** The recorded values of one kind, in nanoseconds. Owned by this object: copy to keep. */
  public Histogram histogram(LatencyKind kind) {
    return histograms.computeIfAbsent(kind, k -> LatencyRecorder.newHistogram());
  }

  /** Values of one kind that were below zero (clocks disagreeing) and so not in the histogram. */
  public long negative(LatencyKind kind) {
    return negative[kind.ordinal()];
  }

  /** Values of one kind: recorded plus negative. Each stands for one message. */
  public long count(LatencyKind kind) {
    Histogram h = histograms.get(kind);
    return (h == null ? 0 : h.getTotalCount()) + negative[kind.ordinal()];
  }

  /** Sets one kind's values (a copy of {@code values} is not taken: it is added to nothing). */
  public LatencyHistograms put(LatencyKind kind, Histogram values, long negativeCount) {
    Histogram h = values.getTotalCount() == 0 ? histograms.get(kind) : histogram(kind);
    if (h != null) {
      h.reset();
      h.add(values);
    }
    negative[kind.ordinal()] = negativeCount;
    return this;
  }

  /** Adds one kind's values, and its negative count, to this one's. */
  public LatencyHistograms add(LatencyKind kind, Histogram values, long negativeCount) {
    if (values.getTotalCount() > 0) {
      histogram(kind).add(values);
    }
    negative[kind.ordinal()] += negativeCount;
    return this;
  }

  /** Adds {@code other}'s values to this one's. */
  public LatencyHistograms add(LatencyHistograms other) {
    other.histograms.forEach(
        (kind, values) -> {
          if (values.getTotalCount() > 0) {
            histogram(kind).add(values);
          }
        });
    for (int k = 0; k < negative.length; k++) {
      negative[k] += other.negative[k];
    }
    return this;
  }

  /** Removes {@code other}'s values (which must have been added) from this one's. */
  public LatencyHistograms subtract(LatencyHistograms other) {
    other.histograms.forEach(
        (kind, values) -> {
          if (values.getTotalCount() > 0) {
            histogram(kind).subtract(values);
          }
        });
    for (int k = 0; k < negative.length; k++) {
      negative[k] -= other.negative[k];
    }
    return this;
  }

  /** A new object holding the sum of both. */
  public LatencyHistograms plus(LatencyHistograms other) {
    return copy().add(other);
  }

  /** A new object holding this minus {@code other}. */
  public LatencyHistograms minus(LatencyHistograms other) {
    return copy().subtract(other);
  }

  /** A copy. */
  public LatencyHistograms copy() {
    return empty().add(this);
  }

  /**
   * True when both hold the same values (histogram by histogram) and negative counts; a kind not
   * yet made equals an empty one.
   */
  @Override
  public boolean equals(Object o) {
    return o instanceof LatencyHistograms other
        && recorded().equals(other.recorded())
        && Arrays.equals(negative, other.negative);
  }

  @Override
  public int hashCode() {
    return recorded().hashCode() * 31 + Arrays.hashCode(negative);
  }

  /** The histograms holding values. */
  private Map<LatencyKind, Histogram> recorded() {
    Map<LatencyKind, Histogram> recorded = new EnumMap<>(LatencyKind.class);
    histograms.forEach(
        (kind, h) -> {
          if (h.getTotalCount() > 0) {
            recorded.put(kind, h);
          }
        });
    return recorded;
  }
}
