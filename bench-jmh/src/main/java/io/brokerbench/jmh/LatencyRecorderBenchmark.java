package io.brokerbench.jmh;

import io.brokerbench.latency.LatencyRecorder;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Recording one latency value (nanoseconds, 3 digits) as consumers and confirm callbacks do.
 *
 * <p>How to run: {@code java -jar bench-jmh/target/benchmarks.jar LatencyRecorder -prof gc}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class LatencyRecorderBenchmark {
  private final LatencyRecorder.Writer exclusive = new LatencyRecorder().exclusiveWriter();
  private final LatencyRecorder.Writer shared = new LatencyRecorder().sharedWriter();
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
}
