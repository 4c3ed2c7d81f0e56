package io.brokerbench.jmh;

import io.brokerbench.integrity.SequenceTracker;
import org.openjdk.jmh.annotations.Benchmark;

/**
 * Integrity tracking of one received sequence number, in order, for one consumer or shared by
 * competing consumers.
 *
 * <p>How to run: {@code java -jar bench-jmh/target/benchmarks.jar SequenceTracker -prof gc}
 */
public class SequenceTrackerBenchmark extends HotPathBenchmark {
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
