package io.brokerbench.rabbitmq.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A fault armed inside a {@link PrivateRabbitMqNode}: a waiter in the broker applies it as soon as
 * {@link #fire()} is called, with no rabbitmqctl call then. rabbitmqctl boots an Erlang VM per call
 * (1 s on a quiet machine, 16 s with three test forks, over 30 s beside a CPU hog), so a fault set
 * with it while a run goes comes at a time no test can plan for; armed before the run and fired on
 * the run's own cue, it comes when the test says.
 *
 * <pre>{@code
 * ArmedFault stop = node.armApplicationStop();
 * bench.awaitLine(INTERVAL_LINE, 2, Duration.ofSeconds(30));
 * stop.fire();
 * }</pre>
 */
public final class ArmedFault {
  private final Path trigger;

  ArmedFault(Path trigger) {
    this.trigger = trigger;
  }

  /** Applies the fault now (the broker polls for it every 20 ms). */
  public void fire() throws IOException {
    Files.createFile(trigger);
    trigger.toFile().deleteOnExit();
  }
}
