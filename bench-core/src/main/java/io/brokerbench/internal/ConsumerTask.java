package io.brokerbench.internal;

import io.brokerbench.integrity.SequenceTracker;
import io.brokerbench.latency.LatencyRecorder;
import io.brokerbench.latency.PayloadStamp;
import io.brokerbench.rate.NanoClock;
import io.brokerbench.spi.DeliveryListener;
import io.brokerbench.spi.DriverException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One consumer's {@link DeliveryListener}: decodes the stamp, records latency and integrity. Called
 * by one driver thread at a time; nothing allocates.
 */
final class ConsumerTask implements DeliveryListener {
  private final NanoClock clock;
  private final RunControl control;
  private final RunRecorders recorders;
  private final LatencyRecorder.Writer endToEnd;
  private LatencyRecorder.Writer storeToConsume;
  private final SequenceTracker[] trackers;
  private final int producerIdBase;
  private final long limit;
  private final long epochOffset;

  final AtomicLong received = new AtomicLong();
  final AtomicLong foreign = new AtomicLong();
  private final AtomicLong lastReceiveNanos = new AtomicLong();

  ConsumerTask(
      NanoClock clock,
      RunControl control,
      RunRecorders recorders,
      SequenceTracker[] trackers,
      int producerIdBase,
      long limit) {
    this.clock = clock;
    this.control = control;
    this.recorders = recorders;
    this.endToEnd = recorders.writer(recorders.endToEnd);
    this.trackers = trackers;
    this.producerIdBase = producerIdBase;
    this.limit = limit;
    this.epochOffset = clock.epochOffsetNanos();
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
    endToEnd.record(fromIntended, fromIntended - PayloadStamp.slipNanos(stamp, offset));
    if (brokerTimestampMillis != NO_TIMESTAMP) {
      storeToConsume().record(receiveEpochNanos - brokerTimestampMillis * 1_000_000);
    }
    // Last: the drain ends once the trackers (or the consumers' counts) have every message, and
    // the run's last interval must then already hold this message's latencies.
    trackers[producer].record(PayloadStamp.sequence24(stamp, offset), redelivered);
    received.lazySet(received.get() + 1);
  }

  /** Created on first use: only brokers that report a store time need it. */
  private LatencyRecorder.Writer storeToConsume() {
    if (storeToConsume == null) {
      storeToConsume = recorders.writer(recorders.storeToConsume);
    }
    return storeToConsume;
  }

  @Override
  public void onFailure(DriverException failure) {
    control.fail(failure);
  }

  /** True when this consumer has a message limit and reached it. */
  boolean reachedLimit() {
    return limit > 0 && received.get() >= limit;
  }

  long lastReceiveNanos() {
    return lastReceiveNanos.get();
  }
}
