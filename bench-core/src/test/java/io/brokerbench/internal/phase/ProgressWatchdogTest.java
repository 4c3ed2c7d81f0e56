package io.brokerbench.internal.phase;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.internal.Participants;
import io.brokerbench.internal.RunControl;
import io.brokerbench.internal.measure.RunRecorders;
import io.brokerbench.internal.send.ProducerTask;
import io.brokerbench.internal.send.TestProducerTasks;
import io.brokerbench.rate.ManualNanoClock;
import io.brokerbench.workload.Workload;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The progress timeout checked by hand against a manual real-time clock. */
class ProgressWatchdogTest {
  private static final long MILLIS = 1_000_000;

  private final ManualNanoClock realTime = new ManualNanoClock(5_000 * MILLIS, 0);
  private final ManualNanoClock runClock = new ManualNanoClock(0, 0);
  private final RunControl control = new RunControl();
  private final Participants participants = new Participants();
  private final ProgressWatchdog watchdog =
      new ProgressWatchdog(participants, control, Duration.ofMillis(500), realTime);

  @Test
  void aRunWithoutProgressForTheTimeoutFails() {
    watchdog.run();
    realTime.advance(499 * MILLIS);
    watchdog.run();

    assertThat(control.failure()).isNull();

    realTime.advance(MILLIS);
    watchdog.run();

    assertThat(control.failure())
        .hasMessage(
            "no progress for 0.5 s: nothing was sent, confirmed or received (is the broker stuck"
                + " or the destination blocked?)");
  }

  @Test
  void progressStartsTheTimeoutAgain() {
    ProducerTask producer = producer();
    watchdog.run();
    realTime.advance(400 * MILLIS);
    sendAll(producer);
    watchdog.run();
    realTime.advance(400 * MILLIS);
    watchdog.run();

    assertThat(control.failure()).isNull();

    realTime.advance(100 * MILLIS);
    watchdog.run();

    assertThat(control.failure()).isNotNull();
  }

  @Test
  void aRunThatIsStoppingDoesNotFail() {
    watchdog.run();
    control.stop();
    realTime.advance(10_000 * MILLIS);
    watchdog.run();

    assertThat(control.failure()).isNull();
  }

  private ProducerTask producer() {
    Workload workload = Workload.builder().messagesPerProducer(3).inFlightWindow(0).build();
    ProducerTask task =
        TestProducerTasks.prepared(
            0, workload, runClock, control, new RunRecorders(1), TestProducerTasks.ACCEPTING);
    participants.add(task);
    return task;
  }

  /** Runs the send loop on this thread: without a rate, it sends its limit at once. */
  private static void sendAll(ProducerTask task) {
    task.schedule(0, Long.MAX_VALUE);
    task.run();
  }
}
