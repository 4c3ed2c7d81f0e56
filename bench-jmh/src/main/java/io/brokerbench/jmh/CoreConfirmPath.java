package io.brokerbench.jmh;

import io.brokerbench.internal.RunControl;
import io.brokerbench.internal.events.ConnectionLossLog;
import io.brokerbench.internal.events.FlowControlLog;
import io.brokerbench.internal.measure.RunRecorders;
import io.brokerbench.internal.send.ConfirmWindow;
import io.brokerbench.internal.send.ProducerTask;
import io.brokerbench.rate.NanoClock;
import io.brokerbench.spi.OutgoingMessage;
import io.brokerbench.spi.Producer;
import io.brokerbench.spi.SendListener;
import io.brokerbench.workload.Workload;

/**
 * The core's own producer-side confirm bookkeeping, as the runner builds it for one producer: a
 * {@code ProducerTask} (the {@link SendListener} a driver calls) and its {@code ConfirmWindow}.
 * Shared by the adapters' confirm and settlement benchmarks.
 *
 * <pre>{@code
 * CoreConfirmPath core = new CoreConfirmPath(1000);
 * core.register(sequence, intendedNanos, sentNanos);          // producer thread, before the send
 * core.listener.onConfirm(sequence, false, SendOutcome.ACCEPTED); // the driver's confirm
 * }</pre>
 */
public final class CoreConfirmPath {
  /** The driver's producer: the benchmarks drive the confirm side only, so it is never called. */
  private static final Producer NEVER_CALLED =
      new Producer() {
        @Override
        public boolean trySend(OutgoingMessage message) {
          return true;
        }

        @Override
        public void close() {}
      };

  /** The producer task: what a driver's confirm callback calls. */
  public final SendListener listener;

  private final ConfirmWindow window;

  /** The bookkeeping of one producer with an in-flight window of {@code window} messages. */
  public CoreConfirmPath(int window) {
    NanoClock clock = NanoClock.system();
    Workload workload = Workload.builder().inFlightWindow(window).build();
    ProducerTask task =
        new ProducerTask(
            0,
            0,
            workload,
            ProducerTask.Pace.of(workload),
            clock,
            new RunControl(),
            new RunRecorders(2),
            new FlowControlLog(clock),
            new ConnectionLossLog(clock));
    task.prepare(NEVER_CALLED, null);
    this.window = task.confirmWindow();
    this.listener = task;
  }

  /** Producer thread: the message with this sequence is about to be published. */
  public void register(long sequence, long intendedNanos, long sentNanos) {
    window.register(sequence, intendedNanos, sentNanos);
  }
}
