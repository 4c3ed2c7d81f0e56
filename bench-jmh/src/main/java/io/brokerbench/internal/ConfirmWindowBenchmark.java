package io.brokerbench.internal;

import io.brokerbench.internal.send.ConfirmWindow;
import io.brokerbench.jmh.HotPathBenchmark;
import io.brokerbench.latency.LatencyRecorder;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * In-flight window bookkeeping per message: register a send, then settle it singly, or settle a
 * batch with one {@code multiple} confirm (AMQP 0.9.1), at PerfTest's windows 192 and 3000.
 *
 * <p>How to run: {@code java -jar bench-jmh/target/benchmarks.jar ConfirmWindow -prof gc}
 */
public class ConfirmWindowBenchmark extends HotPathBenchmark {
  private static final int BATCH = 64;

  @Param({"192", "3000"})
  int window;

  private ConfirmWindow confirms;
  private long sequence;

  /** A window with latency recording on. */
  @Setup
  public void setUp() {
    confirms =
        new ConfirmWindow(window, new LatencyRecorder(2).exclusiveWriter(), Thread.currentThread());
  }

  /** One send confirmed on its own (AMQP 1.0 settlement, RocketMQ callback). */
  @Benchmark
  public int single() {
    long s = sequence++;
    confirms.register(s, s, s + 10);
    return confirms.confirm(s, false, s + 1_000, true);
  }

  /** Per message cost of {@value #BATCH} sends settled by one multiple confirm. */
  @Benchmark
  @org.openjdk.jmh.annotations.OperationsPerInvocation(BATCH)
  public int multiple() {
    long first = sequence;
    for (int i = 0; i < BATCH; i++) {
      long s = sequence++;
      confirms.register(s, s, s + 10);
    }
    return confirms.confirm(first + BATCH - 1, true, first + 1_000, true);
  }

  /** A nack (REJECTED): bookkeeping without latency recording. */
  @Benchmark
  public int nack() {
    long s = sequence++;
    confirms.register(s, s, s + 10);
    return confirms.confirm(s, false, s + 1_000, false);
  }
}
