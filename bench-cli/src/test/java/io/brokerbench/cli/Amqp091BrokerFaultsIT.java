package io.brokerbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.result.RunResult;
import io.brokerbench.result.Warning;
import org.junit.jupiter.api.Test;

/** {@link AmqpBrokerFaults} for the AMQP 0.9.1 driver, and what only its broker queries show. */
class Amqp091BrokerFaultsIT extends AmqpBrokerFaults {
  Amqp091BrokerFaultsIT() {
    super("amqp091", 5733);
  }

  /**
   * The same with messages missing, so the broker is asked how many it still holds: frozen, it does
   * not answer, and the results come out 5 s later all the same (the question once held them past
   * the signal's grace, and the JVM ended with neither).
   */
  @Test
  void aSignalWhileTheBrokerIsFrozenWithMessagesMissingStillPrintsAndWritesTheResults()
      throws Exception {
    // A prefetch of 1 and a time-to-live of 0: what the consumer cannot take at once expires.
    RunResult result = signalledWhileFrozen("bb-term-ttl", "-q", "1", "-qa", "x-message-ttl=0");

    assertThat(result.figures().integrity().lost()).isPositive();
    assertThat(result.verdict().warnings())
        .filteredOn(w -> w.code().equals(Warning.DEPTH_UNKNOWN))
        .singleElement()
        .satisfies(
            w -> assertThat(w.message()).endsWith("failed (the broker did not answer within 5 s)"));
  }
}
