package io.brokerbench.jmh;

import io.brokerbench.integrity.SequenceTracker;
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
 * Integrity tracking of one received sequence number, in order, for one consumer or shared by
 * competing consumers.
 *
 * <p>How to run: {@code java -jar bench-jmh/target/benchmarks.jar SequenceTracker -prof gc}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class SequenceTrackerBenchmark {
  private final SequenceTracker single = new SequenceTracker(false);
  private final SequenceTracker shared = new SequenceTracker(true);
  private int sequence;

  /** One consumer per destination. */
  @Benchmark
  public void inOrder() {
    single.record(sequence++ & 0xFF_FFFF, false);
  }

  /** Several consumers per destination (synchronized). */
  @Benchmark
  public void inOrderShared() {
    shared.record(sequence++ & 0xFF_FFFF, false);
  }
}
