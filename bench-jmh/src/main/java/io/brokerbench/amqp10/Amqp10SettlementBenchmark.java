package io.brokerbench.amqp10;

import io.brokerbench.jmh.CoreConfirmPath;
import io.brokerbench.jmh.HotPathBenchmark;
import io.brokerbench.spi.SendOutcome;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * The AMQP 1.0 settlement path per message, from the sent delivery to the core: the producer
 * registers the send in the core's in-flight window and adds the delivery to its {@link
 * SettlementRing}; when the broker settles, the ring confirms in order through the core's producer
 * task, which frees the window slot, records the confirm latencies and counts the outcome. One
 * settlement at a time, and a run of {@value #BATCH} settled by one disposition range, at unsettled
 * windows of 256 and 1000 (past protonj2's 256-tag pool). Target: 0 B/op.
 *
 * <p>The deliveries are stand-ins with a settled flag, so what protonj2 does to decode a
 * disposition frame and update its delivery is not measured; only our bookkeeping and the core's.
 *
 * <p>How to run: {@code java -jar bench-jmh/target/benchmarks.jar Amqp10Settlement -prof gc}
 */
public class Amqp10SettlementBenchmark extends HotPathBenchmark {
  /** Deliveries settled by one disposition frame (RabbitMQ settles ranges of a busy link). */
  private static final int BATCH = 64;

  /** Settlement of the stand-in deliveries: always accepted, like a broker that keeps up. */
  private static final SettlementRing.Settlement<Delivery> SETTLEMENT =
      new SettlementRing.Settlement<>() {
        @Override
        public boolean remotelySettled(Delivery delivery) {
          return delivery.settled;
        }

        @Override
        public SendOutcome outcome(Delivery delivery) {
          return SendOutcome.ACCEPTED;
        }
      };

  @Param({"256", "1000"})
  int window;

  private CoreConfirmPath core;
  private SettlementRing<Delivery> ring;
  private Delivery[] deliveries;
  private int mask;
  private long sendNanos;
  private long sequence;

  /** One producer's bookkeeping and ring, as the engine producer wires them. */
  @Setup
  public void setUp() {
    core = new CoreConfirmPath(window);
    ring = new SettlementRing<>(window, SETTLEMENT);
    deliveries = new Delivery[Integer.highestOneBit(window - 1) << 1];
    for (int i = 0; i < deliveries.length; i++) {
      deliveries[i] = new Delivery();
    }
    mask = deliveries.length - 1;
    sendNanos = System.nanoTime();
  }

  /** One delivery sent and settled on its own. */
  @Benchmark
  public int single() {
    send().settled = true;
    return ring.reportSettled(core.listener);
  }

  /** Per message cost of {@value #BATCH} deliveries settled together, confirmed in one pass. */
  @Benchmark
  @OperationsPerInvocation(BATCH)
  public int batch() {
    for (int i = 0; i < BATCH; i++) {
      send();
    }
    for (long s = sequence - BATCH; s < sequence; s++) {
      deliveries[(int) s & mask].settled = true;
    }
    return ring.reportSettled(core.listener);
  }

  /** Producer side: register the next sequence in the core's window and track its delivery. */
  private Delivery send() {
    long s = sequence++;
    core.register(s, sendNanos, sendNanos);
    Delivery delivery = deliveries[(int) s & mask];
    delivery.settled = false;
    ring.add(s, delivery);
    return delivery;
  }

  /** Stand-in for a library's delivery handle (a Tracker or an OutgoingDelivery). */
  static final class Delivery {
    boolean settled;
  }
}
