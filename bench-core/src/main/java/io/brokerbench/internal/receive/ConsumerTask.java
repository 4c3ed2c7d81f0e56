package io.brokerbench.internal.receive;

import io.brokerbench.integrity.SequenceTracker;
import io.brokerbench.internal.RunControl;
import io.brokerbench.internal.measure.RunRecorders;
import io.brokerbench.internal.phase.BacklogPhase;
import io.brokerbench.latency.LatencyRecorder;
import io.brokerbench.latency.PayloadStamp;
import io.brokerbench.rate.NanoClock;
import io.brokerbench.spi.DeliveryListener;
import io.brokerbench.spi.DriverException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * One consumer's {@link DeliveryListener}: decodes the stamp, records latency and integrity (and a
 * message's age while a backlog drains). Called by one driver thread at a time; nothing allocates
 * after the first message.
 */
public final class ConsumerTask implements DeliveryListener {
  private final NanoClock clock;
  private final RunControl control;
  private final RunRecorders recorders;
  private final LatencyRecorder.Writer endToEnd;
  private LatencyRecorder.Writer endToEndOneHost;
  // Set once, before sending starts; read by the delivery thread.
  private volatile boolean[] producerOnThisHost;
  private LatencyRecorder.Writer storeToConsume;
  private final BacklogPhase backlog;
  private LatencyRecorder.Writer backlogAge;
  private final long processingNanos;
  private final SequenceTracker[] trackers;
  private final int producerIdBase;
  private final long limit;
  private final long epochOffset;
  private final java.util.function.Consumer<DriverException> onLoss;

  private final AtomicLong received = new AtomicLong();
  private final AtomicLong foreign = new AtomicLong();
  private final AtomicLong lastReceiveNanos = new AtomicLong();

  public ConsumerTask(
      NanoClock clock,
      RunControl control,
      RunRecorders recorders,
      SequenceTracker[] trackers,
      int producerIdBase,
      long limit,
      BacklogPhase backlog,
      long processingNanos,
      java.util.function.Consumer<DriverException> onLoss) {
    this.clock = clock;
    this.control = control;
    this.recorders = recorders;
    this.endToEnd = recorders.writer(recorders.endToEnd);
    this.trackers = trackers;
    this.producerIdBase = producerIdBase;
    this.limit = limit;
    this.backlog = backlog;
    this.processingNanos = processingNanos;
    this.epochOffset = clock.epochOffsetNanos();
    this.onLoss = onLoss;
  }

  @Override
  public void onDelivery(
      byte[] stamp, int offset, boolean redelivered, long brokerTimestampMillis) {
    long now = clock.nanoTime();
    lastReceiveNanos.lazySet(now);
    int producer = (PayloadStamp.producerId(stamp, offset) - producerIdBase) & 0xFFFF;
    // Producers of another destination, of no shard of this run, or of an earlier run.
    if (producer >= trackers.length || trackers[producer] == null) {
      foreign.lazySet(foreign.get() + 1);
      received.lazySet(received.get() + 1);
      return;
    }
    long receiveEpochNanos = now + epochOffset;
    long fromIntended = PayloadStamp.latencyFromIntendedNanos(stamp, offset, receiveEpochNanos);
    boolean[] oneHost = producerOnThisHost;
    (oneHost != null && oneHost[producer] ? endToEndOneHost : endToEnd)
        .record(fromIntended, fromIntended - PayloadStamp.slipNanos(stamp, offset));
    if (backlog != null && backlog.draining()) {
      backlogAge().record(fromIntended);
    }
    if (brokerTimestampMillis != NO_TIMESTAMP) {
      storeToConsume().record(receiveEpochNanos - brokerTimestampMillis * 1_000_000);
    }
    // Last: the drain ends once the trackers (or the consumers' counts) have every message, and
    // the run's last interval must then already hold this message's latencies.
    trackers[producer].record(PayloadStamp.sequence24(stamp, offset), redelivered);
    received.lazySet(received.get() + 1);
    if (processingNanos > 0) {
      process(now + processingNanos);
    }
  }

  /** A replier's processing time, on its delivery thread, before the driver replies. */
  private void process(long untilNanos) {
    for (long now = clock.nanoTime(); now < untilNanos; now = clock.nanoTime()) {
      LockSupport.parkNanos(untilNanos - now);
    }
  }

  /**
   * From now on, records the end-to-end latency of the messages of the producers marked (by global
   * index) as {@code e2e_one_host}, which the run adds into {@code e2e}. Called once, before
   * sending starts.
   */
  public void timeOneHostPairs(boolean[] producersOnThisHost) {
    endToEndOneHost = recorders.writer(recorders.endToEndOneHost());
    this.producerOnThisHost = producersOnThisHost;
  }

  /** Created on first use: only brokers that report a store time need it. */
  private LatencyRecorder.Writer storeToConsume() {
    if (storeToConsume == null) {
      storeToConsume = recorders.writer(recorders.storeToConsume);
    }
    return storeToConsume;
  }

  /** Created on first use: only backlog runs need it. */
  private LatencyRecorder.Writer backlogAge() {
    if (backlogAge == null) {
      backlogAge = recorders.writer(recorders.backlogAge);
    }
    return backlogAge;
  }

  /** The run fails, or with {@code onLoss} (reconnect) this consumer rides through. */
  @Override
  public void onFailure(DriverException failure) {
    if (onLoss != null && !control.stopping()) {
      onLoss.accept(failure);
    } else {
      control.fail(failure);
    }
  }

  /** True when this consumer has a message limit and reached it. */
  public boolean reachedLimit() {
    return limit > 0 && received.get() >= limit;
  }

  /** Messages received so far, foreign ones included. */
  public long received() {
    return received.get();
  }

  /** Messages received so far from producers of no shard of this run. */
  public long foreign() {
    return foreign.get();
  }

  /** When the last message arrived ({@link NanoClock#nanoTime()}), 0 before the first. */
  public long lastReceiveNanos() {
    return lastReceiveNanos.get();
  }
}
