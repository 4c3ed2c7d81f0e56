package io.brokerbench.internal.send;

import io.brokerbench.internal.RunControl;
import io.brokerbench.internal.events.ConnectionLossLog;
import io.brokerbench.internal.events.FlowControlLog;
import io.brokerbench.internal.measure.RunRecorders;
import io.brokerbench.rate.NanoClock;
import io.brokerbench.spi.OutgoingMessage;
import io.brokerbench.spi.Producer;
import io.brokerbench.workload.Workload;

/** Producer tasks for the tests of a run's parts: no driver, the client producer given. */
public final class TestProducerTasks {
  /** A client producer that takes every send and never confirms. */
  public static final Producer ACCEPTING =
      new Producer() {
        @Override
        public boolean trySend(OutgoingMessage message) {
          return true;
        }

        @Override
        public void close() {}
      };

  private TestProducerTasks() {}

  /**
   * Producer {@code index} of {@code workload} on {@code clock}, prepared with {@code producer}.
   */
  public static ProducerTask prepared(
      int index,
      Workload workload,
      NanoClock clock,
      RunControl control,
      RunRecorders recorders,
      Producer producer) {
    ProducerTask task =
        new ProducerTask(
            index,
            index,
            workload,
            ProducerTask.Pace.of(workload),
            clock,
            control,
            recorders,
            new FlowControlLog(clock),
            new ConnectionLossLog(clock));
    task.prepare(producer, null);
    return task;
  }
}
