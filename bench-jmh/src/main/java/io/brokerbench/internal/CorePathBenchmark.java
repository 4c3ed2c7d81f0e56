package io.brokerbench.internal;

import io.brokerbench.integrity.SequenceTracker;
import io.brokerbench.internal.events.ConnectionLossLog;
import io.brokerbench.internal.events.FlowControlLog;
import io.brokerbench.internal.measure.RunRecorders;
import io.brokerbench.internal.receive.ConsumerTask;
import io.brokerbench.internal.send.ConfirmWindow;
import io.brokerbench.internal.send.ProducerTask;
import io.brokerbench.jmh.HotPathBenchmark;
import io.brokerbench.latency.LatencyRecorder;
import io.brokerbench.latency.PayloadStamp;
import io.brokerbench.rate.NanoClock;
import io.brokerbench.rate.OpenLoopSchedule;
import io.brokerbench.spi.DeliveryListener;
import io.brokerbench.spi.OutgoingMessage;
import io.brokerbench.spi.Producer;
import io.brokerbench.spi.SendOutcome;
import io.brokerbench.workload.CatchUpPolicy;
import io.brokerbench.workload.RateProfile;
import io.brokerbench.workload.Workload;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Setup;

/**
 * The whole per-message core path, without a broker: schedule step, clock read, stamp encode,
 * in-flight registration, confirm with latency recording, slip recording, then on the consumer side
 * the real {@link ConsumerTask#onDelivery} (clock read, stamp decode, integrity tracking, two
 * latency recordings). Target: 50 ns or less, 0 B/op.
 *
 * <p>How to run: {@code java -jar bench-jmh/target/benchmarks.jar CorePath -prof gc}
 */
public class CorePathBenchmark extends HotPathBenchmark {
  private final NanoClock clock = NanoClock.system();
  private final RunRecorders recorders = new RunRecorders(2);
  private final OutgoingMessage message = new OutgoingMessage(12);
  private OpenLoopSchedule schedule;
  private ProducerTask producer;
  private ConfirmWindow window;
  private ConsumerTask consumer;
  private LatencyRecorder.Writer slip;
  private long sequence;

  /** One producer with a 192-message window and one consumer, as in the seed workloads. */
  @Setup
  public void setUp() {
    Workload workload = Workload.builder().inFlightWindow(192).build();
    RunControl control = new RunControl();
    producer =
        new ProducerTask(
            0,
            0,
            workload,
            ProducerTask.Pace.of(workload),
            clock,
            control,
            recorders,
            new FlowControlLog(clock),
            new ConnectionLossLog(clock));
    // The driver's producer is never called here: the benchmark drives the core's side directly.
    producer.prepare(
        new Producer() {
          @Override
          public boolean trySend(OutgoingMessage m) {
            return true;
          }

          @Override
          public void close() {}
        },
        null);
    window = producer.confirmWindow();
    slip = recorders.writer(recorders.slip);
    schedule = new OpenLoopSchedule(RateProfile.unlimited(), 1, CatchUpPolicy.BURST, 0);
    consumer =
        new ConsumerTask(
            clock,
            control,
            recorders,
            new SequenceTracker[] {new SequenceTracker(false)},
            0,
            0,
            null,
            0,
            null);
  }

  /** Everything the core does for one message sent, confirmed and received. */
  @Benchmark
  public void sendConfirmReceive() {
    long intended = schedule.next(clock.nanoTime());
    long s = sequence++;
    PayloadStamp.encode(message.stamp(), 0, 0, s, intended + clock.epochOffsetNanos(), 0);
    message.sequence(s);
    window.register(s, intended, intended);
    slip.record(0);
    producer.onConfirm(s, false, SendOutcome.ACCEPTED);
    consumer.onDelivery(message.stamp(), 0, false, DeliveryListener.NO_TIMESTAMP);
  }
}
