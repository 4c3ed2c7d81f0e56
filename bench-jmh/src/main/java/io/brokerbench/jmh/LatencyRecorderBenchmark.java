package io.brokerbench.jmh;

import io.brokerbench.latency.LatencyRecorder;
import org.openjdk.jmh.annotations.Benchmark;

/**
 * Recording one latency value (nanoseconds, 3 digits) as consumers and confirm callbacks do.
 *
 * <p>How to run: {@code java -jar bench-jmh/target/benchmarks.jar LatencyRecorder -prof gc}
 */
public class LatencyRecorderBenchmark extends HotPathBenchmark {
  private final LatencyRecorder.Writer exclusive = new LatencyRecorder().exclusiveWriter();
  private final LatencyRecorder.Writer shared = new LatencyRecorder().sharedWriter();
  private final LatencyRecorder.Writer pair = new LatencyRecorder(2).exclusiveWriter();
  private long value = 1_000;

  private long nextValue() {
    value = value * 6364136223846793005L + 1442695040888963407L;
    return (value >>> 40) + 1_000;
  }

  /** A producer's or consumer's own writer (few participants). */
  @Benchmark
  public void recordExclusive() {
    exclusive.record(nextValue());
  }

  /** The writer shared by all threads (many participants). */
  @Benchmark
  public void recordShared() {
    shared.record(nextValue());
  }

  /** A latency from the intended and from the actual send time, recorded as one pair. */
  @Benchmark
  public void recordPairExclusive() {
    long value = nextValue();
    pair.record(value, value >> 1);
  }
}
