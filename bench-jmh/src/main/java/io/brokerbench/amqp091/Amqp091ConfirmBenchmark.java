package io.brokerbench.amqp091;

import io.brokerbench.jmh.CoreConfirmPath;
import io.brokerbench.jmh.HotPathBenchmark;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * The AMQP 0.9.1 confirm path per message, from amqp-client's {@code ConfirmCallback} to the core:
 * {@link ConfirmTranslator} maps the delivery tag to the sequence number and calls the core's
 * producer task, which settles its in-flight window, records the confirm latencies and counts the
 * outcome. Single acks, {@code multiple} acks and nacks, at PerfTest's windows 192 and 3000.
 * Target: 0 B/op.
 *
 * <p>How to run: {@code java -jar bench-jmh/target/benchmarks.jar Amqp091Confirm -prof gc}
 */
public class Amqp091ConfirmBenchmark extends HotPathBenchmark {
  /** Messages settled by one {@code multiple} confirm (RabbitMQ batches confirms of a window). */
  private static final int BATCH = 64;

  /** Delivery tag of a fresh confirm-mode channel's first publish. */
  private static final long FIRST_TAG = 1;

  @Param({"192", "3000"})
  int window;

  private CoreConfirmPath core;
  private ConfirmTranslator confirms;
  private long sendNanos;
  private long sequence;

  /** One producer's bookkeeping and translator, as {@code Amqp091Producer} wires them. */
  @Setup
  public void setUp() {
    core = new CoreConfirmPath(window);
    confirms = new ConfirmTranslator(core.listener);
    // The first publish fixes the offset between sequence numbers and delivery tags.
    confirms.inStep(0, FIRST_TAG);
    sendNanos = System.nanoTime();
  }

  /** One publish acked on its own. */
  @Benchmark
  public long single() {
    long s = sequence++;
    core.register(s, sendNanos, sendNanos);
    confirms.acked(s + FIRST_TAG, false);
    return s;
  }

  /** Per message cost of {@value #BATCH} publishes acked by one {@code multiple} confirm. */
  @Benchmark
  @OperationsPerInvocation(BATCH)
  public long multiple() {
    for (int i = 0; i < BATCH; i++) {
      long s = sequence++;
      core.register(s, sendNanos, sendNanos);
    }
    confirms.acked(sequence - 1 + FIRST_TAG, true);
    return sequence;
  }

  /** One publish nacked (the broker refused it): bookkeeping without latency recording. */
  @Benchmark
  public long nack() {
    long s = sequence++;
    core.register(s, sendNanos, sendNanos);
    confirms.nacked(s + FIRST_TAG, false);
    return s;
  }
}
