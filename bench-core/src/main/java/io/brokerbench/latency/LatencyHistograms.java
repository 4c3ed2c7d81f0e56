package io.brokerbench.latency;

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
 * #minus} return a new one.
 */
public final class LatencyHistograms {
  private final Map<LatencyKind, Histogram> histograms = new EnumMap<>(LatencyKind.class);
  private final long[] negative = new long[LatencyKind.values().length];

  private LatencyHistograms() {
    for (LatencyKind kind : LatencyKind.values()) {
      histograms.put(kind, LatencyRecorder.newHistogram());
    }
  }

  /** No values. */
  public static LatencyHistograms empty() {
    return new LatencyHistograms();
  }

  /** The recorded values of one kind, in nanoseconds. Owned by this object: copy to keep. */
  public Histogram histogram(LatencyKind kind) {
    return histograms.get(kind);
  }

  /** Values of one kind that were below zero (clocks disagreeing) and so not in the histogram. */
  public long negative(LatencyKind kind) {
    return negative[kind.ordinal()];
  }

  /** Values of one kind: recorded plus negative. Each stands for one message. */
  public long count(LatencyKind kind) {
    return histograms.get(kind).getTotalCount() + negative[kind.ordinal()];
  }

  /** Sets one kind's values (a copy of {@code values} is not taken: it is added to nothing). */
  public LatencyHistograms put(LatencyKind kind, Histogram values, long negativeCount) {
    Histogram h = histograms.get(kind);
    h.reset();
    h.add(values);
    negative[kind.ordinal()] = negativeCount;
    return this;
  }

  /** Adds one kind's values, and its negative count, to this one's. */
  public LatencyHistograms add(LatencyKind kind, Histogram values, long negativeCount) {
    histograms.get(kind).add(values);
    negative[kind.ordinal()] += negativeCount;
    return this;
  }

  /** Adds {@code other}'s values to this one's. */
  public LatencyHistograms add(LatencyHistograms other) {
    for (LatencyKind kind : LatencyKind.values()) {
      histograms.get(kind).add(other.histograms.get(kind));
      negative[kind.ordinal()] += other.negative[kind.ordinal()];
    }
    return this;
  }

  /** Removes {@code other}'s values (which must have been added) from this one's. */
  public LatencyHistograms subtract(LatencyHistograms other) {
    for (LatencyKind kind : LatencyKind.values()) {
      histograms.get(kind).subtract(other.histograms.get(kind));
      negative[kind.ordinal()] -= other.negative[kind.ordinal()];
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

  /** True when both hold the same values (histogram by histogram) and negative counts. */
  @Override
  public boolean equals(Object o) {
    return o instanceof LatencyHistograms other
        && histograms.equals(other.histograms)
        && java.util.Arrays.equals(negative, other.negative);
  }

  @Override
  public int hashCode() {
    return histograms.hashCode() * 31 + java.util.Arrays.hashCode(negative);
  }
}
